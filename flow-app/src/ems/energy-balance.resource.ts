// Today's energy balance of a plant: its energy counters from metric/time-series in one day bucket
// (from local midnight in the plant's time zone until now), refreshed every 5 minutes.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  apiPost,
  counterEnergy,
  ENERGY_COUNTERS,
  energyBalance,
  plantSeriesParams,
  startOfPlantDay,
  useCurrentUser,
  type ApiError,
  type EnergyBalance,
  type Plant,
} from '@helio/shared-utils';

export const BALANCE_REFRESH_MS = 5 * 60 * 1000;

export interface TodayBalance {
  balance: EnergyBalance;
  /** false while no counter has a sample today (a gateway that has not reported since midnight) */
  hasData: boolean;
  /** epoch ms: the plant's midnight and the end of the range */
  since: number;
  until: number;
}

export function useTodayBalance(plant: Plant): UseQueryResult<TodayBalance, ApiError> {
  const tenantId = useCurrentUser().data?.tenant.id;
  return useQuery<TodayBalance, ApiError>({
    queryKey: ['metric/time-series', 'today-balance', tenantId, plant.id],
    queryFn: async ({ signal }) => {
      const until = Date.now();
      const since = startOfPlantDay(plant.timezone, until);
      const pgParams = plantSeriesParams(tenantId as string, {
        plant,
        metricKeys: ENERGY_COUNTERS,
        start: since,
        end: until,
        granularity: '1d',
      });
      const { rows } = await apiPost('metric/time-series', { pgParams }, { signal });
      const energy = counterEnergy(rows);
      return { balance: energyBalance(energy), hasData: Object.keys(energy).length > 0, since, until };
    },
    enabled: !!tenantId,
    refetchInterval: BALANCE_REFRESH_MS,
  });
}
