// The benchmark as a CSV file: what the table shows, one line per plant, plain numbers at their
// unit's precision, the file named by the period's days (shared-utils csv-values, as every export).
import { csvFileNameOfDays, csvNumber, toCsv } from '@helio/shared-utils';
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
      csvNumber(p.pvPeakKw, 'kWp'),
      csvNumber(p.produced, 'kWh'),
      csvNumber(p.specificYield, 'kWh/kWp'),
      csvNumber(p.performanceRatioPct, '%'),
      csvNumber(p.availabilityPct, '%'),
      csvNumber(p.expectedKwh, 'kWh'),
      csvNumber(p.consumed, 'kWh'),
      csvNumber(p.imported, 'kWh'),
      csvNumber(p.exported, 'kWh'),
      csvNumber(p.offlineHours, 'h'),
      p.alertCount,
    ]),
  );
}

/** `benchmark_<metric>_<first day>[_<last day>].csv`: the period's plant-local days, both inclusive. */
export const benchmarkFileName = (metric: string, from: string, to: string) => csvFileNameOfDays(['benchmark', metric], from, to);
