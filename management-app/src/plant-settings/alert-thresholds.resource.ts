// The plant's alert thresholds (notifications/thresholds/get|save), under the same query key as the
// notification centre's editor, so a save in one shows in the other.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type AlertThresholds, type ApiError } from '@helio/shared-utils';

export const thresholdsKey = (plantId: string) => ['notifications', 'thresholds', plantId] as const;

export function useAlertThresholds(plantId: string) {
  return useQuery<AlertThresholds, ApiError>({
    queryKey: thresholdsKey(plantId),
    queryFn: ({ signal }) => apiPost('notifications/thresholds/get', { plantId }, { signal }),
    // A user without the notifications module is answered 403 for good.
    retry: (failures, error) => error.status !== 403 && failures < 1,
  });
}

export function useSaveAlertThresholds() {
  const queryClient = useQueryClient();
  return useMutation<AlertThresholds, ApiError, AlertThresholds>({
    mutationFn: (thresholds) => apiPost('notifications/thresholds/save', thresholds),
    onSuccess: (saved) => queryClient.setQueryData(thresholdsKey(saved.plantId), saved),
  });
}
