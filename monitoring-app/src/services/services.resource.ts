// The gateway's registry entry, its health and the server's broker connection, asked again every
// 15 s: the registry's connection state comes from the broker, not from the pushed shadow.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost, type ApiError, type BrokerStatus, type GatewayHealthAnswer, type Plant, type RegistryPlant } from '@helio/shared-utils';

const SERVICES_REFRESH_MS = 15_000;

export function useRegistryPlant(plant: Plant): UseQueryResult<RegistryPlant, ApiError> {
  return useQuery<RegistryPlant, ApiError>({
    queryKey: ['hono/plants/get', plant.id],
    queryFn: ({ signal }) => apiPost('hono/plants/get', { id: plant.id }, { signal }),
    refetchInterval: SERVICES_REFRESH_MS,
  });
}

export function useBrokerStatus(): UseQueryResult<BrokerStatus, ApiError> {
  return useQuery<BrokerStatus, ApiError>({
    queryKey: ['iot/broker/status'],
    queryFn: ({ signal }) => apiPost('iot/broker/status', {}, { signal }),
    refetchInterval: SERVICES_REFRESH_MS,
  });
}

/** The health the plant's gateway sends with its status (the Helio gateway does; simulated ones do not). */
export function useGatewayHealth(plant: Plant): UseQueryResult<GatewayHealthAnswer, ApiError> {
  return useQuery<GatewayHealthAnswer, ApiError>({
    queryKey: ['iot/gateway/health', plant.id],
    queryFn: ({ signal }) => apiPost('iot/gateway/health', { id: plant.id }, { signal }),
    refetchInterval: SERVICES_REFRESH_MS,
  });
}
