// A plant's OCPP chargers (ev/charger/list) and the changes to them: add, remove and a new password.
// A password is answered once: it stays in the dialog that shows it, never in the query cache.
// The list is read again every few seconds, so a charger that connects, boots or faults shows it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChargerLogin, EvEndpoints, OcppChargerView } from '@helio/contracts';
import { apiPost, type ApiError } from '@helio/shared-utils';

export const chargersKey = (plantId: string) => ['ev/charger/list', plantId] as const;
/** How often the list is read again while it is shown, ms. */
export const CHARGERS_REFRESH_MS = 5000;

export function useChargers(plantId: string) {
  return useQuery<EvEndpoints['ev/charger/list']['response'], ApiError>({
    queryKey: chargersKey(plantId),
    queryFn: ({ signal }) => apiPost('ev/charger/list', { plantId }, { signal }),
    refetchInterval: CHARGERS_REFRESH_MS,
  });
}

export function useAddCharger(plantId: string) {
  const queryClient = useQueryClient();
  return useMutation<ChargerLogin, ApiError, { chargePointId: string; name: string }>({
    mutationFn: (fields) => apiPost('ev/charger/add', { plantId, ...fields }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersKey(plantId) }),
  });
}

export function useRemoveCharger(plantId: string) {
  const queryClient = useQueryClient();
  return useMutation<{ ok: boolean }, ApiError, OcppChargerView>({
    mutationFn: (charger) => apiPost('ev/charger/remove', { chargerId: charger.chargerId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersKey(plantId) }),
  });
}

export function useRotateChargerPassword(plantId: string) {
  const queryClient = useQueryClient();
  return useMutation<ChargerLogin, ApiError, OcppChargerView>({
    mutationFn: (charger) => apiPost('ev/charger/password/rotate', { chargerId: charger.chargerId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersKey(plantId) }),
  });
}
