// An inverter's history: one of its live keys over the last day, from the plant's stored series.
import { useQuery } from '@tanstack/react-query';
import {
  apiPost,
  plantSeriesParams,
  useCurrentUser,
  type ApiError,
  type Granularity,
  type PlantDetail,
  type TimeSeriesRow,
} from '@helio/shared-utils';

export const HISTORY_HOURS = 24;
export const HISTORY_GRANULARITY: Granularity = '15m';

export interface HistoryWindow {
  start: number;
  end: number;
}

export const historyWindow = (now: number): HistoryWindow => ({ start: now - HISTORY_HOURS * 3_600_000, end: now });

export function useDeviceHistory(plant: PlantDetail | undefined, metricKey: string | undefined, window: HistoryWindow) {
  const tenantId = useCurrentUser().data?.tenant.id;
  return useQuery<TimeSeriesRow[], ApiError>({
    queryKey: ['metric/time-series', plant?.id, metricKey, window.start, window.end, HISTORY_GRANULARITY],
    queryFn: async ({ signal }) => {
      const pgParams = plantSeriesParams(tenantId as string, {
        plant: plant as PlantDetail,
        metricKeys: [metricKey as string],
        start: window.start,
        end: window.end,
        granularity: HISTORY_GRANULARITY,
      });
      return (await apiPost('metric/time-series', { pgParams }, { signal })).rows;
    },
    enabled: !!plant && !!metricKey && !!tenantId,
  });
}
