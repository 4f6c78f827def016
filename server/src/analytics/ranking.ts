// Ranking plants by one figure: rank 1 is the best, plants without the figure come last unranked;
// quartiles by linear interpolation (the spreadsheet's QUARTILE.INC), quartile 1 the best quarter.
import type { BenchmarkMetric, PlantFigures } from '@helio/contracts';

export interface Quartiles {
  q1: number;
  median: number;
  q3: number;
}

export function metricValue(
  figures: Pick<PlantFigures, 'specificYield' | 'performanceRatioPct' | 'availabilityPct'>,
  metric: BenchmarkMetric,
): number | null {
  if (metric === 'specificYield') return figures.specificYield;
  return metric === 'performanceRatio' ? figures.performanceRatioPct : figures.availabilityPct;
}

/** The p-th quantile (0–1) of values sorted ascending, interpolated; null for none. */
export function quantile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const lower = sorted[low] as number;
  const upper = sorted[Math.min(low + 1, sorted.length - 1)] as number;
  return lower + (upper - lower) * (at - low);
}

export function quartilesOf(values: readonly (number | null)[]): Quartiles | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return { q1: quantile(sorted, 0.25) as number, median: quantile(sorted, 0.5) as number, q3: quantile(sorted, 0.75) as number };
}

export function quartileOf(value: number | null, quartiles: Quartiles | null): number | null {
  if (value === null || quartiles === null) return null;
  if (value >= quartiles.q3) return 1;
  if (value >= quartiles.median) return 2;
  return value >= quartiles.q1 ? 3 : 4;
}

/** The items best first with their rank (ties share the better rank) and quartile. */
export function rankBy<T>(
  items: readonly T[],
  valueOf: (item: T) => number | null,
): Array<{ item: T; value: number | null; rank: number | null; quartile: number | null }> {
  const quartiles = quartilesOf(items.map(valueOf));
  const sorted = items.map((item) => ({ item, value: valueOf(item) })).sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity));
  let rank = 0;
  let previous: number | null = null;
  return sorted.map(({ item, value }, i) => {
    if (value !== previous) rank = i + 1;
    previous = value;
    return { item, value, rank: value === null ? null : rank, quartile: quartileOf(value, quartiles) };
  });
}
