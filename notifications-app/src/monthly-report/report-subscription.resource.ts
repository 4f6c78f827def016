// The user's subscription to the monthly report (reports/subscription/*): read once, saved on each
// change; the screen shows what the server confirmed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiEndpoints, type ApiError, type PlantTag } from '@helio/shared-utils';

export type ReportSubscription = ApiEndpoints['reports/subscription/get']['response'];
export const SUBSCRIPTION_KEY = ['reports', 'subscription'] as const;

export function useReportSubscription(enabled: boolean) {
  return useQuery<ReportSubscription, ApiError>({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: ({ signal }) => apiPost('reports/subscription/get', {}, { signal }),
    enabled,
  });
}

export function useSaveReportSubscription() {
  const queryClient = useQueryClient();
  return useMutation<ReportSubscription, ApiError, ReportSubscription>({
    mutationFn: (subscription) => apiPost('reports/subscription/save', subscription),
    onSuccess: (saved) => queryClient.setQueryData(SUBSCRIPTION_KEY, saved),
  });
}

export function useTagList(enabled: boolean) {
  return useQuery<{ tags: PlantTag[] }, ApiError, PlantTag[]>({
    queryKey: ['tag/list'],
    queryFn: ({ signal }) => apiPost('tag/list', {}, { signal }),
    select: (answer) => answer.tags,
    enabled,
  });
}

/** The list with the id added or taken out. */
export const toggled = (ids: readonly string[], id: string, on: boolean): string[] =>
  on ? [...new Set([...ids, id])] : ids.filter((other) => other !== id);
