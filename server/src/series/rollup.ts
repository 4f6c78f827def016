// Rolling samples up into hour, day and month buckets, in memory. The database merges rows the same
// way (series-writer.ts), so buckets can be filled in any order and by any number of writers.
import { ROLLUP_GRANULARITIES, type RollupGranularity, type ZoneCalendar } from './calendar';

export interface Sample {
  metricKey: string;
  ts: number;
  value: number;
}

export interface Rollup {
  granularity: RollupGranularity;
  metricKey: string;
  bucket: number;
  count: number;
  sum: number;
  min: number;
  max: number;
  lastTs: number;
  last: number;
  energyWh: number;
}

/** Energy added to a bucket that holds no sample of this batch (it holds the sample before). */
export interface EnergyShare {
  granularity: RollupGranularity;
  metricKey: string;
  bucket: number;
  energyWh: number;
}

/** Power metrics, whose buckets also carry their energy. */
export const isPowerMetric = (metricKey: string) => metricKey.startsWith('ActPwr');

/** A sample stands for the power since the sample before, but never for more than this (a gap is no data). */
export const MAX_HOLD_MS = 15 * 60_000;

const HOUR_MS = 3_600_000;

export function mergeRollups(a: Rollup, b: Rollup): Rollup {
  const later = a.lastTs >= b.lastTs ? a : b;
  return {
    ...a,
    count: a.count + b.count,
    sum: a.sum + b.sum,
    min: Math.min(a.min, b.min),
    max: Math.max(a.max, b.max),
    lastTs: later.lastTs,
    last: later.last,
    energyWh: a.energyWh + b.energyWh,
  };
}

export class RollupAccumulator {
  private readonly buckets = new Map<string, Rollup>();
  private readonly shares = new Map<string, EnergyShare>();

  constructor(private readonly calendar: ZoneCalendar) {}

  /**
   * Adds one new sample. `previousTs` is the time of the metric's sample before it (power metrics
   * only): the sample's power holds from then, and its energy is split where the interval crosses
   * into the sample's bucket.
   */
  add(sample: Sample, previousTs?: number): void {
    const { metricKey, ts, value } = sample;
    const holdFrom = previousTs === undefined || !isPowerMetric(metricKey) ? ts : Math.max(previousTs, ts - MAX_HOLD_MS);
    for (const granularity of ROLLUP_GRANULARITIES) {
      const bucket = this.calendar.bucketStart(granularity, ts);
      const inside = ts - Math.max(holdFrom, bucket);
      const one: Rollup = {
        granularity,
        metricKey,
        bucket,
        count: 1,
        sum: value,
        min: value,
        max: value,
        lastTs: ts,
        last: value,
        energyWh: (value * inside) / HOUR_MS,
      };
      const id = `${granularity}|${metricKey}|${bucket}`;
      const existing = this.buckets.get(id);
      this.buckets.set(id, existing ? mergeRollups(existing, one) : one);
      if (holdFrom < bucket)
        this.share(granularity, metricKey, this.calendar.bucketStart(granularity, holdFrom), (value * (bucket - holdFrom)) / HOUR_MS);
    }
  }

  /** The buckets gathered so far, and the energy owed to buckets outside them; empty afterwards. */
  drain(): { rollups: Rollup[]; shares: EnergyShare[] } {
    const rollups = [...this.buckets.values()];
    const shares: EnergyShare[] = [];
    for (const [id, share] of this.shares) {
      const rollup = this.buckets.get(id);
      if (rollup) rollup.energyWh += share.energyWh;
      else shares.push(share);
    }
    this.buckets.clear();
    this.shares.clear();
    return { rollups, shares };
  }

  private share(granularity: RollupGranularity, metricKey: string, bucket: number, energyWh: number): void {
    const id = `${granularity}|${metricKey}|${bucket}`;
    const existing = this.shares.get(id);
    if (existing) existing.energyWh += energyWh;
    else this.shares.set(id, { granularity, metricKey, bucket, energyWh });
  }
}
