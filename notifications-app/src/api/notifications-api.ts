// The app's one seam to the server's notification endpoints (server/src/notifications). The shared
// client's ApiEndpoints does not list them, so they are typed here and sent through the same apiPost
// (bearer token, error shape, sign-out on 401).
import { apiPost, type ApiEndpoints } from '@helio/shared-utils';
import type { NotificationSettings } from '../notification-schedule/schedule-rules';

export const ALERT_KINDS = ['gatewayOffline', 'inverterFault', 'batteryLow', 'gridOutage', 'pvLow'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const SEVERITIES = ['critical', 'warning'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface Alert {
  id: string;
  plantId: string;
  plantName: string;
  kind: AlertKind;
  severity: Severity;
  /** ISO-8601 UTC. */
  startedAt: string;
  /** ISO-8601 UTC; null while the condition lasts. */
  endedAt: string | null;
  read: boolean;
  details: Record<string, number | string | boolean | null>;
}

export interface AlertFilter {
  plantId?: string;
  severity?: Severity;
  state?: 'open' | 'closed';
  read?: boolean;
}

export interface Thresholds {
  plantId: string;
  batterySocMin: number;
  pvMinPercent: number;
}

type Empty = Record<string, never>;

export interface NotificationEndpoints {
  'notifications/settings/get': { request: Empty; response: NotificationSettings };
  'notifications/settings/save': { request: NotificationSettings; response: NotificationSettings };
  'notifications/alerts/list': { request: AlertFilter & { limit?: number }; response: { alerts: Alert[] } };
  'notifications/alerts/mark-read': { request: { ids: string[] }; response: { marked: number } };
  'notifications/alerts/unread-count': { request: Empty; response: { count: number } };
  'notifications/thresholds/get': { request: { plantId: string }; response: Thresholds };
  'notifications/thresholds/save': { request: Thresholds; response: Thresholds };
}

type AnyPost = (path: keyof ApiEndpoints, body: unknown, init?: { signal?: AbortSignal }) => Promise<unknown>;

export function notificationsPost<P extends keyof NotificationEndpoints>(
  path: P,
  body: NotificationEndpoints[P]['request'],
  init?: { signal?: AbortSignal },
): Promise<NotificationEndpoints[P]['response']> {
  // The paths are real server routes the shared catalogue does not name yet; the answer is typed above.
  return (apiPost as unknown as AnyPost)(path as unknown as keyof ApiEndpoints, body, init) as Promise<NotificationEndpoints[P]['response']>;
}
