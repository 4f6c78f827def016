// Rolling samples up into hour, day and month buckets, in memory. The database merges rows the same
// way (series-writer.ts), so buckets can be filled in any order and by any number of writers.
import { QUARTER_MS, ROLLUP_GRANULARITIES, type RollupGranularity, type ZoneCalendar } from './calendar';

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

/** A stored sample, with the time of its metric's sample before it when it is a power metric (its hold). */
export interface HeldSample {
  sample: Sample;
  previousTs?: number;
}

/** Stored samples of one thing, to roll up. */
export interface HeldSamples {
  thingName: string;
  samples: readonly HeldSample[];
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
  /** Each metric's roll-ups of the buckets its last sample fell in (rollupsOf). */
  private readonly latest = new Map<string, { buckets: readonly number[]; rollups: (Rollup | undefined)[] }>();
  private lastQuarter = Number.NaN;
  private lastBuckets: readonly number[] = [];

  constructor(private readonly calendar: ZoneCalendar) {}

  /**
   * Adds one new sample. `previousTs` is the time of the metric's sample before it (power metrics
   * only): the sample's power holds from then, and its energy is split where the interval crosses
   * into the sample's bucket.
   */
  add(sample: Sample, previousTs?: number): void {
    const { metricKey, ts, value } = sample;
    const holdFrom = previousTs === undefined || !isPowerMetric(metricKey) ? ts : Math.max(previousTs, ts - MAX_HOLD_MS);
    const buckets = this.bucketsAt(ts);
    const rollups = this.rollupsOf(metricKey, buckets);
    for (let g = 0; g < ROLLUP_GRANULARITIES.length; g++) {
      const granularity = ROLLUP_GRANULARITIES[g]!;
      const bucket = buckets[g]!;
      const energyWh = (value * (ts - Math.max(holdFrom, bucket))) / HOUR_MS;
      const existing = rollups[g];
      // merged in place, as mergeRollups would: the drain of a journal adds millions of samples
      if (existing) {
        existing.count += 1;
        existing.sum += value;
        if (value < existing.min) existing.min = value;
        if (value > existing.max) existing.max = value;
        if (ts > existing.lastTs) {
          existing.lastTs = ts;
          existing.last = value;
        }
        existing.energyWh += energyWh;
      } else {
        const rollup = { granularity, metricKey, bucket, count: 1, sum: value, min: value, max: value, lastTs: ts, last: value, energyWh };
        this.buckets.set(`${granularity}|${metricKey}|${bucket}`, rollup);
        rollups[g] = rollup;
      }
      if (holdFrom < bucket)
        this.share(granularity, metricKey, this.calendar.bucketStart(granularity, holdFrom), (value * (bucket - holdFrom)) / HOUR_MS);
    }
  }

  /**
   * The metric's roll-ups of these buckets gathered so far (in ROLLUP_GRANULARITIES' order; a bucket not
   * begun yet is a hole the caller fills). A thing's samples of a drain mostly fall in the buckets of the
   * sample before, so the last answer a metric had is kept: three comparisons, not three keys built
   * and looked up (8 % of the leader's time in the cluster bench's profile).
   */
  private rollupsOf(metricKey: string, buckets: readonly number[]): (Rollup | undefined)[] {
    const kept = this.latest.get(metricKey);
    if (kept && kept.buckets.every((b, g) => b === buckets[g])) return kept.rollups;
    const rollups = ROLLUP_GRANULARITIES.map((granularity, g) => this.buckets.get(`${granularity}|${metricKey}|${buckets[g]}`));
    this.latest.set(metricKey, { buckets, rollups });
    return rollups;
  }

  /**
   * The buckets (in ROLLUP_GRANULARITIES' order) of `ts`, the same across its quarter hour (calendar.ts),
   * so the last quarter's are kept. Not the last instant's: a drain adds each power metric's samples in
   * turn, going over the same minutes again for every metric, and working the buckets out anew was
   * 9 % of the leader's allocations in the cluster bench (a sampling heap profile, heap-sampling.js).
   */
  private bucketsAt(ts: number): readonly number[] {
    const quarter = Math.floor(ts / QUARTER_MS);
    if (quarter !== this.lastQuarter) {
      this.lastQuarter = quarter;
      this.lastBuckets = ROLLUP_GRANULARITIES.map((granularity) => this.calendar.bucketStart(granularity, ts));
    }
    return this.lastBuckets;
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
    this.latest.clear();
    return { rollups, shares };
  }

  private share(granularity: RollupGranularity, metricKey: string, bucket: number, energyWh: number): void {
    const id = `${granularity}|${metricKey}|${bucket}`;
    const existing = this.shares.get(id);
    if (existing) existing.energyWh += energyWh;
    else this.shares.set(id, { granularity, metricKey, bucket, energyWh });
  }
}
