// Today's power of a plant from metric/time-series: 15-minute buckets from the plant's local
// midnight until now, asked for again every minute so the chart follows the day.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost, plantSeriesParams, useCurrentUser, type ApiError, type Plant, type TimeSeriesRow } from '@helio/shared-utils';
import { plantDaySoFar, TODAY_POWER_GRANULARITY, TODAY_POWER_METRICS, TODAY_POWER_REFRESH_MS, type PlantDay } from './today-power';

export interface TodayPower extends PlantDay {
  rows: TimeSeriesRow[];
}

export function useTodayPower(plant: Plant): UseQueryResult<TodayPower, ApiError> {
  const tenantId = useCurrentUser().data?.tenant.id;
  return useQuery<TodayPower, ApiError>({
    queryKey: ['metric/time-series', 'today-power', tenantId, plant.id],
    queryFn: async ({ signal }) => {
      const day = plantDaySoFar(plant.timezone, Date.now());
      const pgParams = plantSeriesParams(tenantId as string, {
        plant,
        metricKeys: TODAY_POWER_METRICS,
        start: day.since,
        end: day.until,
        granularity: TODAY_POWER_GRANULARITY,
      });
      const { rows } = await apiPost('metric/time-series', { pgParams }, { signal });
      return { ...day, rows };
    },
    enabled: !!tenantId,
    refetchInterval: TODAY_POWER_REFRESH_MS,
  });
}
