// The nav's seam to the notification centre's endpoints, typed by the contract.
import type { Alert, NotificationEndpoints } from '@helio/contracts';
import { apiPost } from '@helio/shared-utils';

export type OpenAlert = Pick<Alert, 'id' | 'plantId' | 'plantName' | 'kind' | 'severity' | 'startedAt'>;

type AlertPath = 'notifications/alerts/unread-count' | 'notifications/alerts/list';

export function alertsPost<P extends AlertPath>(
  path: P,
  body: NotificationEndpoints[P]['request'],
  init?: { signal?: AbortSignal },
): Promise<NotificationEndpoints[P]['response']> {
  return apiPost(path, body, init);
}
