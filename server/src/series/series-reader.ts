// Reads time series: hour, day and month buckets from the roll-ups; 1- and 15-minute buckets from
// the raw samples (packed and unpacked, stored-samples.ts), bucketed here, and past the raw tier from
// the buckets its retention kept (metric_fine_rollups, tier-retention.ts). Rows come ordered by metric
// key, then time.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { RollupGranularity, ZoneCalendar } from './calendar';
import { isoTimeFormatter } from './iso-time';
import type { PackedSample } from './block-codec';
import { isPowerMetric, MAX_HOLD_MS } from './rollup';
import { readStoredSamples } from './stored-samples';

import { GRANULARITIES, MAX_BUCKETS, type Granularity } from '@helio/contracts';

export { GRANULARITIES, MAX_BUCKETS, type Granularity };

const FROM_ROLLUP: Partial<Record<Granularity, RollupGranularity>> = { '1h': 'hour', '1d': 'day', '1M': 'month' };
export const RAW_BUCKET_MS: Partial<Record<Granularity, number>> = { '1m': 60_000, '15m': 15 * 60_000 };
const DAY_MS = 86_400_000;

export interface SeriesRow {
  time: string;
  metricKey: string;
  avg: number;
  min: number;
  max: number;
  last: number;
  count: number;
  energyKwh: number | null;
}

export interface SeriesQuery {
  thingName: string;
  calendar: ZoneCalendar;
  metricKeys: readonly string[];
  start: number;
  end: number;
  granularity: Granularity;
}

/** How many buckets per key overlap [start, end) (days counted as 24 hours: close enough for a limit). */
export function bucketCount(granularity: Granularity, start: number, end: number): number {
  if (end <= start) return 0;
  if (granularity === '1M') {
    const [a, b] = [new Date(start), new Date(end - 1)];
    return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth() + 1;
  }
  const size = RAW_BUCKET_MS[granularity] ?? (granularity === '1h' ? 3_600_000 : DAY_MS);
  return Math.ceil((end - (start - (start % size))) / size);
}

export interface BucketRow {
  metric_key: string;
  bucket: number;
  n: number;
  total: number;
  lo: number;
  hi: number;
  last_value: number;
  wh: number;
}

function toRows(rows: readonly BucketRow[]): SeriesRow[] {
  const isoTime = isoTimeFormatter();
  return rows.map((r) => {
    const count = Number(r.n);
    return {
      time: isoTime(Number(r.bucket)),
      metricKey: r.metric_key,
      avg: Number(r.total) / count,
      min: Number(r.lo),
      max: Number(r.hi),
      last: Number(r.last_value),
      count,
      energyKwh: isPowerMetric(r.metric_key) ? Number(r.wh) / 1000 : null,
    };
  });
}

export async function readSeries(db: Kysely<Database>, q: SeriesQuery): Promise<SeriesRow[]> {
  if (q.metricKeys.length === 0 || q.end <= q.start) return [];
  const rollup = FROM_ROLLUP[q.granularity];
  if (rollup) return readRollupRows(db, q.thingName, rollup, q.metricKeys, q.calendar.bucketStart(rollup, q.start), q.end);
  const size = RAW_BUCKET_MS[q.granularity] ?? 60_000;
  const from = q.start - (q.start % size);
  // Each power sample holds since the sample before it (at most MAX_HOLD_MS): its energy counts in
  // its own bucket. Samples from one hold before the range give the first ones their predecessor.
  const [stored, kept] = await Promise.all([
    readStoredSamples(db, q.thingName, q.metricKeys, from - MAX_HOLD_MS, q.end),
    readFineRollups(db, q.thingName, q.granularity === '15m' ? '15m' : '1m', q.metricKeys, from, q.end),
  ]);
  const rows: BucketRow[] = [];
  for (const [metricKey, samples] of stored) rows.push(...rawBuckets(metricKey, samples, from, size));
  if (kept.length === 0) return byKey(toRows(rows));
  // Buckets kept past their raw samples (tier-retention.ts) come first; a bucket in both (only while a
  // retention run is between compacting and deleting) is the kept one, made from all of its samples.
  const keptAt = new Set(kept.map((r) => `${r.metric_key}\n${r.bucket}`));
  const all = [...kept, ...rows.filter((r) => !keptAt.has(`${r.metric_key}\n${r.bucket}`))];
  all.sort((a, b) => (a.metric_key < b.metric_key ? -1 : a.metric_key > b.metric_key ? 1 : a.bucket - b.bucket));
  return toRows(all);
}

/** A bucket's columns as the readers name them; the hour/day roll-ups and the kept 1m/15m buckets share them. */
const BUCKET_COLUMNS = [
  'metric_key',
  'bucket',
  'sample_count as n',
  'value_sum as total',
  'value_min as lo',
  'value_max as hi',
  'last_value',
  'energy_wh as wh',
] as const;

/** The 1- or 15-minute buckets kept past their raw samples that begin in [from, to). */
async function readFineRollups(
  db: Kysely<Database>,
  thingName: string,
  granularity: '1m' | '15m',
  metricKeys: readonly string[],
  from: number,
  to: number,
): Promise<BucketRow[]> {
  const rows = await db
    .selectFrom('metric_fine_rollups')
    .select(BUCKET_COLUMNS)
    .where('thing_name', '=', thingName)
    .where('granularity', '=', granularity)
    .where('metric_key', 'in', metricKeys)
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .execute();
  return rows.map((r) => ({ ...r, bucket: Number(r.bucket) }));
}

/** Buckets of `size` ms from `from` on, of one key's samples in time order (those before `from` only hold). */
export function rawBuckets(metricKey: string, samples: readonly PackedSample[], from: number, size: number): BucketRow[] {
  const rows: BucketRow[] = [];
  let row: BucketRow | undefined;
  let previous: number | undefined;
  for (const { ts, value } of samples) {
    const holdFrom = previous === undefined ? ts : Math.max(previous, ts - MAX_HOLD_MS);
    previous = ts;
    if (ts < from) continue;
    const bucket = Math.trunc(ts / size) * size; // as SQL's integer division bucketed them
    if (row?.bucket !== bucket) {
      row = { metric_key: metricKey, bucket, n: 0, total: 0, lo: value, hi: value, last_value: value, wh: 0 };
      rows.push(row);
    }
    row.n++;
    row.total += value;
    row.lo = Math.min(row.lo, value);
    row.hi = Math.max(row.hi, value);
    row.last_value = value;
    row.wh += value * (ts - holdFrom);
  }
  for (const r of rows) r.wh /= 3_600_000; // W·ms summed, then Wh, as the SQL that read them before did
  return rows;
}

/** The roll-up granularity a series granularity reads, if it reads one (1m and 15m read raw samples). */
export function rollupOf(granularity: Granularity): RollupGranularity | undefined {
  return FROM_ROLLUP[granularity];
}

/** The stored roll-up buckets of the keys that begin in [from, to), ordered by key (ordinal), then time. */
export async function readRollupRows(
  db: Kysely<Database>,
  thingName: string,
  rollup: RollupGranularity,
  metricKeys: readonly string[],
  from: number,
  to: number,
): Promise<SeriesRow[]> {
  if (metricKeys.length === 0 || to <= from) return [];
  const rows = await db
    .selectFrom('metric_rollups')
    .select(BUCKET_COLUMNS)
    .where('thing_name', '=', thingName)
    .where('granularity', '=', rollup)
    .where('metric_key', 'in', metricKeys)
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .orderBy('metric_key')
    .orderBy('bucket')
    .execute();
  return byKey(toRows(rows));
}

/** Ordinal order of keys (PostgreSQL's collation would otherwise decide), time within a key as read. */
function byKey<T extends { metricKey: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => (a.metricKey < b.metricKey ? -1 : a.metricKey > b.metricKey ? 1 : 0));
}

export interface MetricListRow {
  metricKey: string;
  lastValue: number;
  lastTime: string;
}

/** The plant's stored numeric metrics with their latest value, sorted by key (from the month roll-ups). */
export async function listMetrics(db: Kysely<Database>, thingName: string): Promise<MetricListRow[]> {
  const rows = await db
    .selectFrom('metric_rollups')
    .select(['metric_key', 'last_ts', 'last_value'])
    .where('thing_name', '=', thingName)
    .where('granularity', '=', 'month')
    .orderBy('metric_key')
    .orderBy('last_ts', 'desc')
    .execute();
  const latest = new Map<string, MetricListRow>();
  for (const r of rows) {
    if (!latest.has(r.metric_key)) {
      latest.set(r.metric_key, { metricKey: r.metric_key, lastValue: r.last_value, lastTime: new Date(Number(r.last_ts)).toISOString() });
    }
  }
  return byKey([...latest.values()]);
}
