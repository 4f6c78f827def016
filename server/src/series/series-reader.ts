// Reads time series: hour, day and month buckets from the roll-ups; 1- and 15-minute buckets from
// the raw samples, bucketed in SQL. Rows come ordered by metric key, then time.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { RollupGranularity, ZoneCalendar } from './calendar';
import { isoTimeFormatter } from './iso-time';
import { isPowerMetric, MAX_HOLD_MS } from './rollup';

import { GRANULARITIES, MAX_BUCKETS, type Granularity } from '@helio/contracts';

export { GRANULARITIES, MAX_BUCKETS, type Granularity };

const FROM_ROLLUP: Partial<Record<Granularity, RollupGranularity>> = { '1h': 'hour', '1d': 'day', '1M': 'month' };
const RAW_BUCKET_MS: Partial<Record<Granularity, number>> = { '1m': 60_000, '15m': 15 * 60_000 };
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

interface BucketRow {
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
  // The last sample of a bucket is the one whose successor lies in another bucket (or that has none).
  const bucketOf = (column: string) => sql`(${sql.ref(column)} / ${sql.lit(size)}) * ${sql.lit(size)}`;
  const { rows } = await sql<BucketRow>`
    with held as (
      select metric_key, ts, value,
        lag(ts) over (partition by metric_key order by ts) as prev_ts,
        lead(ts) over (partition by metric_key order by ts) as next_ts
      from metric_samples
      where thing_name = ${q.thingName} and metric_key in (${sql.join(q.metricKeys)})
        and ts >= ${from - MAX_HOLD_MS} and ts < ${q.end}
    )
    select metric_key, ${bucketOf('ts')} as bucket, count(*) as n, sum(value) as total, min(value) as lo, max(value) as hi,
      max(case when next_ts is null or ${bucketOf('next_ts')} <> ${bucketOf('ts')} then value end) as last_value,
      sum(value * (ts - case when prev_ts is null then ts when prev_ts < ts - ${sql.lit(MAX_HOLD_MS)}
        then ts - ${sql.lit(MAX_HOLD_MS)} else prev_ts end)) / 3600000.0 as wh
    from held where ts >= ${from}
    group by metric_key, ${bucketOf('ts')}
    order by metric_key, bucket`.execute(db);
  return byKey(toRows(rows));
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
    .select([
      'metric_key',
      'bucket',
      'sample_count as n',
      'value_sum as total',
      'value_min as lo',
      'value_max as hi',
      'last_value',
      'energy_wh as wh',
    ])
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
