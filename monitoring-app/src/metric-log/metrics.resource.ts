// Server data of the metric logs: the plant's stored metrics and one metric's time series.
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  apiPost,
  plantSeriesParams,
  useCurrentUser,
  type ApiError,
  type Granularity,
  type MetricListRow,
  type Plant,
  type TimeSeriesRow,
} from '@helio/shared-utils';
import type { TimeRange } from './time-range';

/** The list's last values move with every report; a minute matches the shadow's fallback poll. */
const METRIC_LIST_REFRESH_MS = 60_000;

export function useMetricList(plant: Plant | null): UseQueryResult<MetricListRow[], ApiError> {
  return useQuery<MetricListRow[], ApiError>({
    queryKey: ['metric/list', plant?.id],
    queryFn: async ({ signal }) => (await apiPost('metric/list', { plant: (plant as Plant).id }, { signal })).rows,
    enabled: !!plant,
    refetchInterval: METRIC_LIST_REFRESH_MS,
  });
}

export interface SeriesRequest {
  plant: Plant;
  metricKey: string;
  range: TimeRange;
  granularity: Granularity;
}

export function useMetricSeries(request: SeriesRequest | null): UseQueryResult<TimeSeriesRow[], ApiError> {
  const tenantId = useCurrentUser().data?.tenant.id;
  const { plant, metricKey, range, granularity } = request ?? {};
  return useQuery<TimeSeriesRow[], ApiError>({
    queryKey: ['metric/time-series', plant?.id, metricKey, range?.start.toISOString(), range?.end.toISOString(), granularity],
    queryFn: async ({ signal }) => {
      const pgParams = plantSeriesParams(tenantId as string, {
        plant: plant as Plant,
        metricKeys: [metricKey as string],
        start: (range as TimeRange).start,
        end: (range as TimeRange).end,
        granularity: granularity as Granularity,
      });
      const answer = await apiPost('metric/time-series', { pgParams }, { signal });
      return answer.rows;
    },
    enabled: !!request && !!tenantId,
    // Switching range keeps the old chart until the new rows arrive instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}
