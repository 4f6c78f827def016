// The roll-ups 005_series built from the raw samples stored before it, computed as series/calendar.ts,
// series/rollup.ts and series/series-writer.ts did then, copied so the migration stays what it was
// (frozen: do not edit). It reads and writes only what existed at 005: plants (for the time zone),
// metric_samples and metric_rollups; the live writer also reads tables added later (chargers).
//
// Hour, day and month buckets begin on the plant's wall clock. Power metrics (ActPwr*) also carry
// their energy: a sample's power holds since the metric's sample before (at most 15 minutes), split
// where that interval crosses into the sample's bucket.
import { sql, type Kysely } from 'kysely';

const GRANULARITIES = ['hour', 'day', 'month'] as const;
type Granularity = (typeof GRANULARITIES)[number];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const QUARTER_MS = 15 * 60_000;
const MAX_HOLD_MS = 15 * 60_000;
const PAGE = 20_000;

const isPowerMetric = (metricKey: string) => metricKey.startsWith('ActPwr');
const mod = (value: number, divisor: number) => ((value % divisor) + divisor) % divisor;

/** Where a zone's buckets begin; an unknown zone name counts as UTC. */
class Calendar {
  private readonly format: Intl.DateTimeFormat;
  private readonly offsets = new Map<number, number>();

  constructor(timeZone: string) {
    const options = { hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' } as const;
    let format: Intl.DateTimeFormat;
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    this.format = format;
  }

  private offsetAt(ts: number): number {
    const quarter = Math.floor(ts / QUARTER_MS);
    let offset = this.offsets.get(quarter);
    if (offset === undefined) {
      const at = quarter * QUARTER_MS;
      const p: Record<string, number> = {};
      for (const part of this.format.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
      offset = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0) - at;
      this.offsets.set(quarter, offset);
    }
    return offset;
  }

  bucketStart(granularity: Granularity, ts: number): number {
    const offset = this.offsetAt(ts);
    const wall = ts + offset;
    if (granularity === 'hour') return wall - mod(wall, HOUR_MS) - offset;
    const day = new Date(wall - mod(wall, DAY_MS));
    const wallStart = granularity === 'day' ? day.getTime() : Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1);
    return this.instantOfWall(wallStart);
  }

  /** The earlier instant when a wall time occurs twice, the end of the gap when it does not occur. */
  private instantOfWall(wall: number): number {
    const before = wall - this.offsetAt(wall - DAY_MS);
    const after = wall - this.offsetAt(wall + DAY_MS);
    const valid = [before, after].filter((instant) => instant + this.offsetAt(instant) === wall);
    if (valid.length > 0) return Math.min(...valid);
    let instant = Math.min(before, after);
    while (instant + this.offsetAt(instant) < wall) instant += QUARTER_MS;
    return instant;
  }
}

interface Bucket {
  granularity: Granularity;
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

/** Rolls up every thing's raw samples, thing by thing in pages, so memory stays bounded. */
export async function rollUpStoredSamples(db: Kysely<unknown>): Promise<void> {
  const { rows: things } = await sql<{ thing_name: string }>`select distinct thing_name from metric_samples`.execute(db);
  for (const { thing_name: thingName } of things) {
    const { rows: zone } = await sql<{ timezone: string }>`select timezone from plants where thing_name = ${thingName}`.execute(db);
    const calendar = new Calendar(zone[0]?.timezone ?? 'UTC');
    let after: { key: string; ts: number } | undefined;
    let previous: { key: string; ts: number } | undefined;
    for (;;) {
      const from = after;
      const { rows } = await sql<{ metric_key: string; ts: number | string; value: number }>`
        select metric_key, ts, value from metric_samples where thing_name = ${thingName}
        ${from ? sql`and (metric_key > ${from.key} or (metric_key = ${from.key} and ts > ${from.ts}))` : sql``}
        order by metric_key, ts limit ${PAGE}`.execute(db);
      if (rows.length === 0) break;
      const buckets = new Map<string, Bucket>();
      const shares = new Map<string, { granularity: Granularity; metricKey: string; bucket: number; energyWh: number }>();
      for (const row of rows) {
        const metricKey = row.metric_key;
        const ts = Number(row.ts);
        const value = row.value;
        const before = previous?.key === metricKey && isPowerMetric(metricKey) ? previous.ts : undefined;
        const holdFrom = before === undefined ? ts : Math.max(before, ts - MAX_HOLD_MS);
        for (const granularity of GRANULARITIES) {
          const bucket = calendar.bucketStart(granularity, ts);
          const energyWh = (value * (ts - Math.max(holdFrom, bucket))) / HOUR_MS;
          const id = `${granularity}|${metricKey}|${bucket}`;
          const existing = buckets.get(id);
          if (existing) {
            existing.count += 1;
            existing.sum += value;
            existing.min = Math.min(existing.min, value);
            existing.max = Math.max(existing.max, value);
            if (ts > existing.lastTs) Object.assign(existing, { lastTs: ts, last: value });
            existing.energyWh += energyWh;
          } else {
            buckets.set(id, {
              granularity,
              metricKey,
              bucket,
              count: 1,
              sum: value,
              min: value,
              max: value,
              lastTs: ts,
              last: value,
              energyWh,
            });
          }
          if (holdFrom < bucket) {
            const earlier = calendar.bucketStart(granularity, holdFrom);
            const shareId = `${granularity}|${metricKey}|${earlier}`;
            const share = shares.get(shareId) ?? { granularity, metricKey, bucket: earlier, energyWh: 0 };
            share.energyWh += (value * (bucket - holdFrom)) / HOUR_MS;
            shares.set(shareId, share);
          }
        }
        previous = { key: metricKey, ts };
      }
      const last = rows[rows.length - 1];
      if (last) after = { key: last.metric_key, ts: Number(last.ts) };
      for (const [id, share] of shares) {
        const bucket = buckets.get(id);
        if (bucket) {
          bucket.energyWh += share.energyWh;
          shares.delete(id);
        }
      }
      // A bucket cut by a page boundary arrives in two parts; the upsert adds them up.
      for (const b of buckets.values()) {
        await sql`insert into metric_rollups (thing_name, granularity, metric_key, bucket, sample_count, value_sum, value_min,
            value_max, last_ts, last_value, energy_wh)
          values (${thingName}, ${b.granularity}, ${b.metricKey}, ${b.bucket}, ${b.count}, ${b.sum}, ${b.min}, ${b.max},
            ${b.lastTs}, ${b.last}, ${b.energyWh})
          on conflict (thing_name, granularity, metric_key, bucket) do update set
            sample_count = metric_rollups.sample_count + excluded.sample_count,
            value_sum = metric_rollups.value_sum + excluded.value_sum,
            energy_wh = metric_rollups.energy_wh + excluded.energy_wh,
            value_min = case when excluded.value_min < metric_rollups.value_min then excluded.value_min else metric_rollups.value_min end,
            value_max = case when excluded.value_max > metric_rollups.value_max then excluded.value_max else metric_rollups.value_max end,
            last_value = case when excluded.last_ts >= metric_rollups.last_ts then excluded.last_value else metric_rollups.last_value end,
            last_ts = case when excluded.last_ts >= metric_rollups.last_ts then excluded.last_ts else metric_rollups.last_ts end`.execute(
          db,
        );
      }
      for (const share of shares.values()) {
        await sql`update metric_rollups set energy_wh = energy_wh + ${share.energyWh} where thing_name = ${thingName}
          and granularity = ${share.granularity} and metric_key = ${share.metricKey} and bucket = ${share.bucket}`.execute(db);
      }
    }
  }
}
