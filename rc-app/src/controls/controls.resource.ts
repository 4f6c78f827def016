// The plant's remote-control state (keys, rules, gateway connection, whether the user may change)
// and the change itself. The gateway's connection is re-read every few seconds; the values and their
// pending state come live with the shadow (useShadow).
import { useMutation, useQuery, useQueryClient, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import { apiPost, type ApiError } from '@helio/shared-utils';
import type { RcEndpoints, RcState } from '@helio/contracts';

export const RC_STATE_REFRESH_MS = 3000;
export const rcStateKey = (plantId: string) => ['rc/state', plantId] as const;
export const commandsKey = (plantId: string) => ['rc/commands', plantId] as const;

export function useRcState(plantId: string): UseQueryResult<RcState, ApiError> {
  return useQuery<RcState, ApiError>({
    queryKey: rcStateKey(plantId),
    queryFn: ({ signal }) => apiPost('rc/state', { plantId }, { signal }),
    refetchInterval: RC_STATE_REFRESH_MS,
  });
}

export type SetRequest = RcEndpoints['rc/set']['request'];
export type SetResponse = RcEndpoints['rc/set']['response'];

export function useSetControl(plantId: string): UseMutationResult<SetResponse, ApiError, SetRequest> {
  const queryClient = useQueryClient();
  return useMutation<SetResponse, ApiError, SetRequest>({
    mutationFn: (request) => apiPost('rc/set', request),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: commandsKey(plantId) }),
  });
}

/**
 * Withdraws the value waiting for the device: its desired value cleared (the desired call allows a
 * clear), which cancels its open command in the history. The shadow's push brings the new state.
 */
export function useCancelControl(plantId: string, thingName: string): UseMutationResult<unknown, ApiError, { key: string }> {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiError, { key: string }>({
    mutationFn: ({ key }) => apiPost('iot/thing/shadow/desired', { thingName, desiredKey: key, desiredState: null }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: commandsKey(plantId) }),
  });
}
