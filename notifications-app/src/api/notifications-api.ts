// The app's one seam to the server's notification endpoints, typed by the contract and sent through
// the shared apiPost (bearer token, error shape, sign-out on 401).
import { apiPost } from '@helio/shared-utils';
import type { AlertThresholds, NotificationEndpoints } from '@helio/contracts';

export { ALERT_KINDS, SEVERITIES, type AlertKind, type Severity } from '@helio/contracts/limits';
export type { Alert, AlertFilter } from '@helio/contracts';
export type Thresholds = AlertThresholds;

export function notificationsPost<P extends keyof NotificationEndpoints>(
  path: P,
  body: NotificationEndpoints[P]['request'],
  init?: { signal?: AbortSignal },
): Promise<NotificationEndpoints[P]['response']> {
  return apiPost(path, body, init);
}
