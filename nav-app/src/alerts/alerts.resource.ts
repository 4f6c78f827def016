// The nav's live view of the notification centre: the unread count for the rail badge and the latest
// open alerts, both polled every 30 s (no refetch on focus: the shared query defaults). The count
// shares its key with notifications-app, whose mark-read invalidates ['notifications', 'alerts'].
import { useQuery, type Query } from '@tanstack/react-query';
import { apiPost, ApiError } from '@helio/shared-utils';
import type { OpenAlert } from './alerts-api';

export const UNREAD_COUNT_KEY = ['notifications', 'alerts', 'unread-count'] as const;
export const LATEST_OPEN_KEY = ['notifications', 'alerts', 'nav-latest-open'] as const;
export const ALERT_POLL_MS = 30_000;
export const LATEST_OPEN_LIMIT = 5;

const forbidden = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

// A role without notifications:read is answered 403 for good: stop asking instead of polling.
function pollUnlessForbidden<T>(query: Query<T, ApiError, T, readonly unknown[]>): number | false {
  return forbidden(query.state.error) ? false : ALERT_POLL_MS;
}
const retryUnlessForbidden = (failures: number, error: ApiError) => !forbidden(error) && failures < 1;

export function useUnreadCount(enabled: boolean) {
  return useQuery<number, ApiError, number, readonly unknown[]>({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: async ({ signal }) => (await apiPost('notifications/alerts/unread-count', {}, { signal })).count,
    enabled,
    refetchInterval: pollUnlessForbidden,
    retry: retryUnlessForbidden,
  });
}

export function useLatestOpenAlerts(enabled: boolean) {
  return useQuery<OpenAlert[], ApiError, OpenAlert[], readonly unknown[]>({
    queryKey: LATEST_OPEN_KEY,
    queryFn: async ({ signal }) =>
      (await apiPost('notifications/alerts/list', { state: 'open', limit: LATEST_OPEN_LIMIT }, { signal })).alerts,
    enabled,
    refetchInterval: pollUnlessForbidden,
    retry: retryUnlessForbidden,
  });
}
