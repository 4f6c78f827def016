// The nav's seam to the notification centre's endpoints (server/src/notifications/alert-routes.ts).
// The shared ApiEndpoints catalogue does not name them, so the nav types the few fields it reads here.
import { apiPost, type ApiEndpoints } from '@helio/shared-utils';

export interface OpenAlert {
  id: string;
  plantId: string;
  plantName: string;
  kind: string;
  severity: 'critical' | 'warning';
  /** ISO-8601 UTC */
  startedAt: string;
}

interface AlertEndpoints {
  'notifications/alerts/unread-count': { request: Record<string, never>; response: { count: number } };
  'notifications/alerts/list': { request: { state: 'open'; limit: number }; response: { alerts: OpenAlert[] } };
}

type AnyPost = (path: keyof ApiEndpoints, body: unknown, init?: { signal?: AbortSignal }) => Promise<unknown>;

export function alertsPost<P extends keyof AlertEndpoints>(
  path: P,
  body: AlertEndpoints[P]['request'],
  init?: { signal?: AbortSignal },
): Promise<AlertEndpoints[P]['response']> {
  // Real server routes the shared catalogue does not list; the answer is typed above.
  return (apiPost as unknown as AnyPost)(path as unknown as keyof ApiEndpoints, body, init) as Promise<AlertEndpoints[P]['response']>;
}
