// The fleet dashboard's figures (plant/fleet/summary), refreshed so a gateway going offline or an alert
// opening shows within half a minute.
import { useQuery } from '@tanstack/react-query';
import { apiPost, type ApiError, type FleetSummary } from '@helio/shared-utils';

export const FLEET_KEY = ['plant/fleet/summary'] as const;
export const FLEET_POLL_MS = 30_000;

export function useFleetSummary() {
  return useQuery<FleetSummary, ApiError>({
    queryKey: FLEET_KEY,
    queryFn: ({ signal }) => apiPost('plant/fleet/summary', {}, { signal }),
    refetchInterval: FLEET_POLL_MS,
  });
}
