// Energy per bucket from the plant's energy counters. A counter's energy in a bucket is its last
// reading minus the last reading of the bucket before, so nothing between two buckets is lost
// (max - min within a bucket would drop the step from the previous bucket's last sample). The
// first bucket with nothing before it falls back to max - min.
import {
  csvNumber,
  ENERGY_COUNTERS,
  energyBalance,
  plantTimestamp,
  toCsv,
  type EnergyBalance,
  type EnergyCounter,
  type TimeSeriesRow,
} from '@helio/shared-utils';

export interface BucketEnergy {
  /** bucket start, epoch ms */
  time: number;
  balance: EnergyBalance;
}

const isCounter = (key: string): key is EnergyCounter => (ENERGY_COUNTERS as readonly string[]).includes(key);

export function bucketEnergies(rows: readonly TimeSeriesRow[], periodStart: number): BucketEnergy[] {
  const perBucket = new Map<number, Partial<Record<EnergyCounter, number>>>();
  const previousLast = new Map<EnergyCounter, number>();
  const ordered = [...rows].filter((row) => isCounter(row.metricKey)).sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  for (const row of ordered) {
    const key = row.metricKey as EnergyCounter;
    const time = Date.parse(row.time);
    const base = previousLast.get(key);
    previousLast.set(key, row.last);
    if (time < periodStart) continue; // the bucket before the period only gives the base
    const energy = Math.max(0, base === undefined ? row.max - row.min : row.last - base);
    const bucket = perBucket.get(time) ?? {};
    bucket[key] = energy;
    perBucket.set(time, bucket);
  }
  return [...perBucket.entries()].sort(([a], [b]) => a - b).map(([time, energy]) => ({ time, balance: energyBalance(energy) }));
}

/** The period's totals: the counters' energies summed over its buckets. */
export function periodTotal(buckets: readonly BucketEnergy[]): EnergyBalance {
  const sum: Partial<Record<EnergyCounter, number>> = {};
  const add = (key: EnergyCounter, value: number) => {
    sum[key] = (sum[key] ?? 0) + value;
  };
  for (const { balance } of buckets) {
    add('EnergyPveTotal', balance.produced);
    add('EnergyGridImportTotal', balance.imported);
    add('EnergyGridExportTotal', balance.exported);
    add('EnergyBatChargeTotal', balance.batteryCharged);
    add('EnergyBatDischargeTotal', balance.batteryDischarged);
    add('EnergyLoadTotal', balance.consumed);
  }
  return energyBalance(sum);
}

/** The export of what the chart and table show: one line per bucket, energies in kWh. */
const BUCKET_COLUMNS = [
  'time',
  'producedKwh',
  'consumedKwh',
  'selfConsumedKwh',
  'importedKwh',
  'exportedKwh',
  'batteryChargedKwh',
  'batteryDischargedKwh',
];

/** The buckets as CSV: times in the plant's wall clock with the offset, energies to the watt-hour. */
export function bucketsCsv(buckets: readonly BucketEnergy[], timeZone: string): string {
  const kwh = (value: number | null) => csvNumber(value, 'kWh');
  return toCsv(
    BUCKET_COLUMNS,
    buckets.map(({ time, balance: b }) => [
      plantTimestamp(time, timeZone),
      kwh(b.produced),
      kwh(b.consumed),
      kwh(b.selfConsumed),
      kwh(b.imported),
      kwh(b.exported),
      kwh(b.batteryCharged),
      kwh(b.batteryDischarged),
    ]),
  );
}
