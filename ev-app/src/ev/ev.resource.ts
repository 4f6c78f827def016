// The EV module's reads: the fleet's chargers, a plant's sessions and a charge plan (a charger's
// settings are its own: ocpp-control.resource.ts).
import { useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { EvEndpoints } from '@helio/contracts';
import { apiPost, type ApiError } from '@helio/shared-utils';

type Chargers = EvEndpoints['ev/chargers']['response'];
type Sessions = EvEndpoints['ev/sessions']['response'];
export type PlanRequest = EvEndpoints['ev/charger/plan']['request'];

const CHARGERS_REFRESH_MS = 15_000;

export function useChargers(): UseQueryResult<Chargers, ApiError> {
  return useQuery<Chargers, ApiError>({
    queryKey: ['ev/chargers'],
    queryFn: ({ signal }) => apiPost('ev/chargers', {}, { signal }),
    refetchInterval: CHARGERS_REFRESH_MS,
  });
}

export function useSessions(plantId: string, from: string, to: string): UseQueryResult<Sessions, ApiError> {
  return useQuery<Sessions, ApiError>({
    queryKey: ['ev/sessions', plantId, from, to],
    queryFn: ({ signal }) => apiPost('ev/sessions', { plantId, from, to }, { signal }),
    refetchInterval: 60_000,
  });
}

/** A charger's departure plan (ev/charger/plan: any charger of the plant, with or without a device row). */
export function usePlan() {
  return useMutation({ mutationFn: (request: PlanRequest) => apiPost('ev/charger/plan', request) });
}
