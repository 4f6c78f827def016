// The active plant's chargers as /ev controls them: their settings (mode and phases, current limits,
// a plan's slots), remote start and stop, each charger's sessions and its command history (read
// again every 2 s while a call waits for its answer, every 10 s otherwise).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChargerCommandView, EvEndpoints } from '@helio/contracts';
import { apiPost, type ApiError } from '@helio/shared-utils';

const listKey = (plantId: string) => ['ev/charger/list', plantId] as const;
const historyKey = (chargerId: string) => ['ev/charger/commands', chargerId] as const;
const LIST_REFRESH_MS = 5000;
const PENDING_REFRESH_MS = 2000;
const HISTORY_REFRESH_MS = 10_000;

export function useOcppChargers(plantId: string) {
  return useQuery<EvEndpoints['ev/charger/list']['response'], ApiError>({
    queryKey: listKey(plantId),
    queryFn: ({ signal }) => apiPost('ev/charger/list', { plantId }, { signal }),
    refetchInterval: LIST_REFRESH_MS,
  });
}

/** The charger's transactions, newest first: read again while one runs, and when the list's running transaction changes. */
export function useChargerSessions(chargerId: string, transactionId: number | null) {
  return useQuery<EvEndpoints['ev/charger/sessions']['response'], ApiError>({
    queryKey: ['ev/charger/sessions', chargerId, transactionId],
    queryFn: ({ signal }) => apiPost('ev/charger/sessions', { chargerId }, { signal }),
    refetchInterval: transactionId === null ? false : LIST_REFRESH_MS,
  });
}

export function useCommandHistory(chargerId: string) {
  return useQuery<ChargerCommandView[], ApiError>({
    queryKey: historyKey(chargerId),
    queryFn: async ({ signal }) => (await apiPost('ev/charger/commands', { chargerId }, { signal })).commands,
    // The solar control sends profiles on its own: the history is read again now and then too.
    refetchInterval: (query) => (query.state.data?.some((c) => c.state === 'pending') ? PENDING_REFRESH_MS : HISTORY_REFRESH_MS),
  });
}

/** A call recorded pending: it shows in the history at once, and the history follows the answer. */
function useCommand<P extends 'ev/charger/remote-start' | 'ev/charger/remote-stop' | 'ev/charger/availability' | 'ev/charger/reset'>(
  path: P,
  plantId: string,
) {
  const queryClient = useQueryClient();
  return useMutation<ChargerCommandView, ApiError, EvEndpoints[P]['request']>({
    mutationFn: (request) => apiPost(path, request),
    onSuccess: (command) => {
      queryClient.setQueryData<ChargerCommandView[]>(historyKey(command.chargerId), (old) => [command, ...(old ?? [])]);
      void queryClient.invalidateQueries({ queryKey: historyKey(command.chargerId) });
      void queryClient.invalidateQueries({ queryKey: listKey(plantId) });
    },
  });
}

export const useRemoteStart = (plantId: string) => useCommand('ev/charger/remote-start', plantId);
export const useRemoteStop = (plantId: string) => useCommand('ev/charger/remote-stop', plantId);
export const useChargerAvailability = (plantId: string) => useCommand('ev/charger/availability', plantId);
export const useChargerReset = (plantId: string) => useCommand('ev/charger/reset', plantId);

/** A settings change: the list (the charger's settings as it obeys them) is read again after it. */
function useSettingsChange<P extends 'ev/charger/current' | 'ev/charger/settings' | 'ev/charger/plan/apply'>(path: P, plantId: string) {
  const queryClient = useQueryClient();
  return useMutation<EvEndpoints[P]['response'], ApiError, EvEndpoints[P]['request']>({
    mutationFn: (request) => apiPost(path, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey(plantId) }),
  });
}

export const useCurrentLimits = (plantId: string) => useSettingsChange('ev/charger/current', plantId);
export const useChargerSettings = (plantId: string) => useSettingsChange('ev/charger/settings', plantId);
export const useApplyPlan = (plantId: string) => useSettingsChange('ev/charger/plan/apply', plantId);
