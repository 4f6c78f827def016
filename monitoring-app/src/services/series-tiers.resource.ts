// The server's retention tiers (series/tiers): asked only by someone who may set them (series:manage);
// a save answers the tiers as they are then, which replace the cached ones.
import { useMutation, useQuery, useQueryClient, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import { apiPost, type ApiError } from '@helio/shared-utils';
import type { SeriesTiersAnswer, SetSeriesTierRequest } from '@helio/contracts';

const TIERS_KEY = ['series/tiers'] as const;
/** Sizes change once an hour (the retention run measures them); a minute is fresh enough. */
const TIERS_REFRESH_MS = 60_000;

export function useSeriesTiers(enabled: boolean): UseQueryResult<SeriesTiersAnswer, ApiError> {
  return useQuery<SeriesTiersAnswer, ApiError>({
    queryKey: TIERS_KEY,
    queryFn: ({ signal }) => apiPost('series/tiers', {}, { signal }),
    // another organisation's administrator is refused (403): asked once, not every minute
    refetchInterval: (query) => (query.state.error ? false : TIERS_REFRESH_MS),
    enabled,
    retry: false,
  });
}

export function useSetSeriesTier(): UseMutationResult<SeriesTiersAnswer, ApiError, SetSeriesTierRequest> {
  const queryClient = useQueryClient();
  return useMutation<SeriesTiersAnswer, ApiError, SetSeriesTierRequest>({
    mutationFn: (change) => apiPost('series/tiers/set', change),
    onSuccess: (answer) => queryClient.setQueryData(TIERS_KEY, answer),
  });
}
