// The benchmark as a CSV file: what the table shows, one line per plant, plain numbers.
import { toCsv } from '@helio/shared-utils';
import type { RankedPlant } from '@helio/contracts';

const COLUMNS = [
  'rank',
  'quartile',
  'plant',
  'sizeClass',
  'pvPeakKw',
  'producedKwh',
  'specificYieldKwhPerKwp',
  'performanceRatioPct',
  'availabilityPct',
  'expectedKwh',
  'consumedKwh',
  'importedKwh',
  'exportedKwh',
  'offlineHours',
  'alerts',
];

export function benchmarkCsv(plants: readonly RankedPlant[]): string {
  return toCsv(
    COLUMNS,
    plants.map((p) => [
      p.rank,
      p.quartile,
      p.name,
      p.sizeClass,
      p.pvPeakKw,
      p.produced,
      p.specificYield,
      p.performanceRatioPct,
      p.availabilityPct,
      p.expectedKwh,
      p.consumed,
      p.imported,
      p.exported,
      p.offlineHours,
      p.alertCount,
    ]),
  );
}

export const benchmarkFileName = (metric: string, from: string, to: string) => `benchmark_${metric}_${from}_${to}.csv`;
