// A plant's schedules: list, create, delete.
import { useMutation, useQuery, useQueryClient, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import { apiPost, type ApiError } from '@helio/shared-utils';
import type { RcEndpoints, RcSchedule } from '@helio/contracts';

export const SCHEDULES_REFRESH_MS = 5000;
const schedulesKey = (plantId: string) => ['rc/schedules', plantId] as const;

export function useSchedules(plantId: string): UseQueryResult<RcSchedule[], ApiError> {
  return useQuery<RcSchedule[], ApiError>({
    queryKey: schedulesKey(plantId),
    queryFn: async ({ signal }) => (await apiPost('rc/schedules/list', { plantId }, { signal })).schedules,
    refetchInterval: SCHEDULES_REFRESH_MS,
  });
}

export type NewSchedule = RcEndpoints['rc/schedules/create']['request'];

export function useCreateSchedule(plantId: string): UseMutationResult<RcSchedule, ApiError, NewSchedule> {
  const queryClient = useQueryClient();
  return useMutation<RcSchedule, ApiError, NewSchedule>({
    mutationFn: (schedule) => apiPost('rc/schedules/create', schedule),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: schedulesKey(plantId) }),
  });
}

export function useDeleteSchedule(plantId: string): UseMutationResult<{ ok: boolean }, ApiError, string> {
  const queryClient = useQueryClient();
  return useMutation<{ ok: boolean }, ApiError, string>({
    mutationFn: (id) => apiPost('rc/schedules/delete', { id }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: schedulesKey(plantId) }),
  });
}
