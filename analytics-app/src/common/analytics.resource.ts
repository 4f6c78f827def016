// The analytics calls: one request per page, the figures computed on the server.
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost, type ApiEndpoints, type ApiError, type PlantTag } from '@helio/shared-utils';
import type { BenchmarkMetric, SizeClass } from '@helio/contracts/limits';
import { requestPeriod, type PagePeriod } from './period';

type Answer<P extends keyof ApiEndpoints> = ApiEndpoints[P]['response'];
export type Overview = Answer<'analytics/overview'>;
export type Benchmark = Answer<'analytics/benchmark'>;
export type PlantBenchmark = Answer<'analytics/benchmark/plant'>;

/** Figures of a closed period do not change; the current one refreshes every few minutes. */
const STALE_MS = 5 * 60_000;

const tagFilter = (tagId: string | null) => (tagId ? { tagIds: [tagId] } : {});

export function useOverview(period: PagePeriod, tagId: string | null, enabled = true): UseQueryResult<Overview, ApiError> {
  return useQuery<Overview, ApiError>({
    queryKey: ['analytics/overview', requestPeriod(period), tagId],
    queryFn: ({ signal }) => apiPost('analytics/overview', { period: requestPeriod(period), ...tagFilter(tagId) }, { signal }),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBenchmark(
  period: PagePeriod,
  metric: BenchmarkMetric,
  tagId: string | null,
  sizeClass: SizeClass | null,
  enabled = true,
): UseQueryResult<Benchmark, ApiError> {
  return useQuery<Benchmark, ApiError>({
    queryKey: ['analytics/benchmark', requestPeriod(period), metric, tagId, sizeClass],
    queryFn: ({ signal }) =>
      apiPost(
        'analytics/benchmark',
        { period: requestPeriod(period), metric, ...tagFilter(tagId), ...(sizeClass ? { sizeClass } : {}) },
        { signal },
      ),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePlantBenchmark(plantId: string, metric: BenchmarkMetric, year: number): UseQueryResult<PlantBenchmark, ApiError> {
  return useQuery<PlantBenchmark, ApiError>({
    queryKey: ['analytics/benchmark/plant', plantId, metric, year],
    queryFn: ({ signal }) => apiPost('analytics/benchmark/plant', { plantId, metric, year }, { signal }),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** The tenant's tags for the filter (the same cache entry as the tag management page). */
export function useTags(): UseQueryResult<PlantTag[], ApiError> {
  return useQuery<{ tags: PlantTag[] }, ApiError, PlantTag[]>({
    queryKey: ['tag/list'],
    queryFn: ({ signal }) => apiPost('tag/list', {}, { signal }),
    select: (answer) => answer.tags,
  }) as UseQueryResult<PlantTag[], ApiError>;
}
