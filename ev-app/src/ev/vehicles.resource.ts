// The active plant's vehicles on /ev, and a charger's vehicle, price limit and weekly plan: each change
// reads the lists again after it (the charger list shows what the charger keeps).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvEndpoints } from '@helio/contracts';
import { apiPost, type ApiError } from '@helio/shared-utils';

type VehicleList = EvEndpoints['ev/vehicle/list']['response'];
const vehiclesKey = (plantId: string) => ['ev/vehicle/list', plantId] as const;
const chargersKey = (plantId: string) => ['ev/charger/list', plantId] as const;

export function useVehicles(plantId: string) {
  return useQuery<VehicleList, ApiError>({
    queryKey: vehiclesKey(plantId),
    queryFn: ({ signal }) => apiPost('ev/vehicle/list', { plantId }, { signal }),
    // The SoC a charger sends moves while a car charges.
    refetchInterval: 10_000,
  });
}

type Change =
  'ev/vehicle/add' | 'ev/vehicle/update' | 'ev/vehicle/remove' | 'ev/charger/vehicle' | 'ev/charger/price-limit' | 'ev/charger/weekly-plan';

function useEvChange<P extends Change>(path: P, plantId: string) {
  const queryClient = useQueryClient();
  return useMutation<EvEndpoints[P]['response'], ApiError, EvEndpoints[P]['request']>({
    mutationFn: (request) => apiPost(path, request),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vehiclesKey(plantId) }),
        queryClient.invalidateQueries({ queryKey: chargersKey(plantId) }),
      ]),
  });
}

export const useAddVehicle = (plantId: string) => useEvChange('ev/vehicle/add', plantId);
export const useUpdateVehicle = (plantId: string) => useEvChange('ev/vehicle/update', plantId);
export const useRemoveVehicle = (plantId: string) => useEvChange('ev/vehicle/remove', plantId);
export const useAssignVehicle = (plantId: string) => useEvChange('ev/charger/vehicle', plantId);
export const usePriceLimit = (plantId: string) => useEvChange('ev/charger/price-limit', plantId);
export const useWeeklyPlan = (plantId: string) => useEvChange('ev/charger/weekly-plan', plantId);

/** A decimal as people type it in Czech or English (`3,5` or `3.5`); NaN when it is none. */
export function parseDecimal(text: string): number {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  return clean === '' || !/^[-−]?\d*\.?\d+$/.test(clean) ? Number.NaN : Number(clean.replace('−', '-'));
}
