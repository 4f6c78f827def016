// Today's and tomorrow's day-ahead prices. Tomorrow's are published around midday, so the answer is
// asked again every quarter of an hour while the page is open.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost, type ApiError, type SpotPrices } from '@helio/shared-utils';

const SPOT_REFRESH_MS = 15 * 60_000;

export function useSpotPrices(): UseQueryResult<SpotPrices, ApiError> {
  return useQuery<SpotPrices, ApiError>({
    queryKey: ['spot/prices'],
    queryFn: ({ signal }) => apiPost('spot/prices', {}, { signal }),
    refetchInterval: SPOT_REFRESH_MS,
  });
}
