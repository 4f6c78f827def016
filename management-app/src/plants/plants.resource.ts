// The plants table's data: the tenant's plants (plant/list, shared with the plant switcher) and their
// gateways' status from the device registry, polled so a gateway coming online shows within seconds.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PLANT_LIST_KEY,
  apiPost,
  usePlants,
  type ApiError,
  type GatewayLogin,
  type PlantCreateRequest,
  type PlantDetail,
  type RegistryPlant,
} from '@helio/shared-utils';

export const REGISTRY_KEY = ['hono/plants/find'] as const;
/** The registry's status turns offline after 5 minutes of silence; a short poll shows a new gateway at once. */
export const STATUS_POLL_MS = 5_000;

export function useRegistry() {
  return useQuery<RegistryPlant[], ApiError>({
    queryKey: REGISTRY_KEY,
    queryFn: ({ signal }) => apiPost('hono/plants/find', {}, { signal }),
    refetchInterval: STATUS_POLL_MS,
  });
}

export { usePlants };

export function useCreatePlant() {
  const queryClient = useQueryClient();
  return useMutation<{ plant: PlantDetail; gatewayLogin: GatewayLogin }, ApiError, PlantCreateRequest>({
    mutationFn: (request) => apiPost('plant/create', request),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: PLANT_LIST_KEY }), queryClient.invalidateQueries({ queryKey: REGISTRY_KEY })]),
  });
}
