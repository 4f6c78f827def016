// The plants table's data: one page of the tenant's plants with their gateways' status, tags and
// today's energy (plant/fleet/page), searched, filtered, sorted and cut by the server, and polled so a
// gateway coming online shows within seconds; the ids of every matching plant on demand.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PLANT_LIST_KEY,
  apiPost,
  type ApiError,
  type FleetPage,
  type FleetPageRequest,
  type GatewayLogin,
  type PlantCreateRequest,
  type PlantDetail,
} from '@helio/shared-utils';

export const PLANTS_TABLE_KEY = ['plant/fleet/page'] as const;
/** The registry's status turns offline after 5 minutes of silence; a short poll shows a new gateway at once. */
export const STATUS_POLL_MS = 5_000;

export function useFleetPage(request: FleetPageRequest) {
  return useQuery<FleetPage, ApiError>({
    queryKey: [...PLANTS_TABLE_KEY, request],
    queryFn: ({ signal }) => apiPost('plant/fleet/page', request, { signal }),
    refetchInterval: STATUS_POLL_MS,
    // The page shown stays while the next one (another filter, sort or page) loads.
    placeholderData: keepPreviousData,
  });
}

/** Every plant matching the filter, by id ("select all matching" over all pages). */
export async function matchingPlantIds(filter: FleetPageRequest['filter']): Promise<string[]> {
  return (await apiPost('plant/fleet/ids', { filter })).ids;
}

export function useCreatePlant() {
  const queryClient = useQueryClient();
  return useMutation<{ plant: PlantDetail; gatewayLogin: GatewayLogin }, ApiError, PlantCreateRequest>({
    mutationFn: (request) => apiPost('plant/create', request),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PLANT_LIST_KEY }),
        queryClient.invalidateQueries({ queryKey: PLANTS_TABLE_KEY }),
      ]),
  });
}
