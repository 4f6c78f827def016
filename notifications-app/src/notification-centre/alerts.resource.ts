// Data of the notification centre: the filtered alert list (read again at once when the live stream
// brings alert news, and every 30 s as the fallback), marking read, the unread count the nav can
// share, and per-plant thresholds.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiError } from '@helio/shared-utils';
import type { Alert, AlertFilter, Thresholds } from '../api/notifications-api';

export const ALERTS_KEY = ['notifications', 'alerts'] as const;
export const UNREAD_COUNT_KEY = ['notifications', 'alerts', 'unread-count'] as const;
export const ALERTS_REFRESH_MS = 30_000;
export const ALERT_LIST_LIMIT = 200;
const thresholdsKey = (plantId: string) => ['notifications', 'thresholds', plantId] as const;

export function useAlerts(filter: AlertFilter) {
  return useQuery<Alert[], ApiError>({
    queryKey: [...ALERTS_KEY, 'list', filter],
    queryFn: async ({ signal }) => (await apiPost('notifications/alerts/list', { ...filter, limit: ALERT_LIST_LIMIT }, { signal })).alerts,
    refetchInterval: ALERTS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useUnreadCount() {
  return useQuery<number, ApiError>({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: async ({ signal }) => (await apiPost('notifications/alerts/unread-count', {}, { signal })).count,
    refetchInterval: ALERTS_REFRESH_MS,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation<{ marked: number }, ApiError, string[]>({
    mutationFn: (ids) => apiPost('notifications/alerts/mark-read', { ids }),
    // Lists and the unread count all live under ALERTS_KEY.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

export function useThresholds(plantId: string | undefined) {
  return useQuery<Thresholds, ApiError>({
    queryKey: thresholdsKey(plantId ?? ''),
    queryFn: ({ signal }) => apiPost('notifications/thresholds/get', { plantId: plantId as string }, { signal }),
    enabled: !!plantId,
  });
}

export function useSaveThresholds() {
  const queryClient = useQueryClient();
  return useMutation<Thresholds, ApiError, Thresholds>({
    mutationFn: (thresholds) => apiPost('notifications/thresholds/save', thresholds),
    onSuccess: (saved) => queryClient.setQueryData(thresholdsKey(saved.plantId), saved),
  });
}
