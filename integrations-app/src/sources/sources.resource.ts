// The plants' data sources (refreshed every half minute), a new gateway password (the registry's
// own route, shared with management-app's plant detail), spot price and history uploads.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@helio/shared-utils';
import { INTEGRATION_KEYS } from '../api/integrations-api';

const SOURCES_POLL_MS = 30_000;

export function useSources() {
  return useQuery({
    queryKey: INTEGRATION_KEYS.sources,
    queryFn: ({ signal }) => apiPost('integration/sources', {}, { signal }),
    refetchInterval: SOURCES_POLL_MS,
  });
}

export function useRotateGatewayPassword() {
  return useMutation({ mutationFn: (plantId: string) => apiPost('plant/gateway/credentials/rotate', { id: plantId }) });
}

/** Removes the organisation's own prices; it sees the server's again. */
export function useSpotClear() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('integration/spot/clear', {}),
    onSettled: () => client.invalidateQueries({ queryKey: INTEGRATION_KEYS.sources }),
  });
}

export function useSpotUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => apiPost('integration/spot/upload', { csv }),
    onSettled: () => client.invalidateQueries({ queryKey: INTEGRATION_KEYS.sources }),
  });
}
