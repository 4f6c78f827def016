// The active plant's latest forecast and the accuracy of the past days. A forecast is issued every
// hour, so the page asks again every 10 minutes while it is open.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost, type ApiError } from '@helio/shared-utils';
import type { ForecastAccuracy, PlantForecast } from '@helio/contracts';

const FORECAST_REFRESH_MS = 10 * 60_000;
export const ACCURACY_DAYS = 7;

export function useForecast(plantId: string): UseQueryResult<PlantForecast, ApiError> {
  return useQuery<PlantForecast, ApiError>({
    queryKey: ['forecast/get', plantId],
    queryFn: ({ signal }) => apiPost('forecast/get', { plantId }, { signal }),
    refetchInterval: FORECAST_REFRESH_MS,
  });
}

export function useForecastAccuracy(plantId: string): UseQueryResult<ForecastAccuracy, ApiError> {
  return useQuery<ForecastAccuracy, ApiError>({
    queryKey: ['forecast/accuracy', plantId, ACCURACY_DAYS],
    queryFn: ({ signal }) => apiPost('forecast/accuracy', { plantId, days: ACCURACY_DAYS }, { signal }),
    refetchInterval: FORECAST_REFRESH_MS,
  });
}
