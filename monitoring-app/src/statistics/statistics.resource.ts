// The counters of the statistics period, from one metric/time-series call.
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  apiPost,
  ENERGY_COUNTERS,
  plantSeriesParams,
  useCurrentUser,
  type ApiError,
  type Plant,
  type TimeSeriesRow,
} from '@helio/shared-utils';
import type { PeriodBounds } from './period';

export function useCounterSeries(plant: Plant, bounds: PeriodBounds, now: number): UseQueryResult<TimeSeriesRow[], ApiError> {
  const tenantId = useCurrentUser().data?.tenant.id;
  // The current period ends now: the API has nothing later, and the key stays stable within it.
  const end = Math.min(bounds.end, now);
  return useQuery<TimeSeriesRow[], ApiError>({
    queryKey: ['metric/time-series', plant.id, 'counters', bounds.baseStart, end, bounds.granularity],
    queryFn: async ({ signal }) => {
      const pgParams = plantSeriesParams(tenantId as string, {
        plant,
        metricKeys: ENERGY_COUNTERS,
        start: bounds.baseStart,
        end,
        granularity: bounds.granularity,
      });
      const answer = await apiPost('metric/time-series', { pgParams }, { signal });
      return answer.rows;
    },
    enabled: !!tenantId,
    placeholderData: keepPreviousData,
  });
}
