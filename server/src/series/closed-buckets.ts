// Roll-up buckets that no longer change, kept in memory per thing, granularity and metric key: a year
// at 1h is 8,761 rows, and reading them is most of what the answer costs. Only the open end (buckets
// from the start of yesterday on) is read on every request.
//
// A bucket stays "closed" while no sample older than today (the plant's day) arrives: live samples only
// touch today's buckets and, with the energy of the interval they close, the buckets of the last
// MAX_HOLD_MS. Late samples (QoS 1 redelivery, a gateway's backlog, simulated history) and writes by
// other server instances are caught by a fingerprint read on every request: the sample counts of
// the month roll-ups before this month and the day roll-ups of this month before today. Every stored
// sample adds 1 to them, so an unchanged fingerprint means unchanged closed buckets, on any instance.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { RollupGranularity, ZoneCalendar } from './calendar';
import { MAX_HOLD_MS } from './rollup';
import { JsonPiece, type JsonSegment } from '../http/json-segments';
import { readRollupRows, type SeriesRow } from './series-reader';

/** Rows kept in all (about 300 bytes each with their text, bytes and compressed form: 30 MB); the least recently used entries go first. */
export const CLOSED_BUCKET_CACHE_ROWS = 100_000;

export interface ClosedRangeQuery {
  thingName: string;
  calendar: ZoneCalendar;
  rollup: RollupGranularity;
  metricKeys: readonly string[];
  /** Start of the first bucket. */
  from: number;
  end: number;
}

interface Entry {
  /** The buckets cached begin in [from, closedUntil). */
  from: number;
  closedUntil: number;
  fingerprint: string;
  buckets: number[];
  /** The rows as JSON, separated by commas, and where each row begins in it (one past the end last). */
  json: JsonPiece;
  offsets: number[];
}

/** A row as the route's response schema writes it (the same properties in the same order). */
function rowJson(r: SeriesRow): string {
  return JSON.stringify({
    time: r.time,
    metricKey: r.metricKey,
    avg: r.avg,
    min: r.min,
    max: r.max,
    last: r.last,
    count: r.count,
    energyKwh: r.energyKwh,
  });
}

function entryOf(from: number, closedUntil: number, fingerprint: string, rows: readonly SeriesRow[]): Entry {
  const offsets: number[] = [];
  let at = 0;
  const texts = rows.map((r) => {
    const text = rowJson(r);
    offsets.push(at);
    at += text.length + 1;
    return text;
  });
  offsets.push(at);
  return { from, closedUntil, fingerprint, buckets: rows.map((r) => Date.parse(r.time)), json: new JsonPiece(texts.join(',')), offsets };
}

/** JSON of rows (the items of an array, comma-separated), from the reader's rows. */
export function rowsJson(rows: readonly SeriesRow[]): string {
  return rows.map(rowJson).join(',');
}

export class ClosedBucketCache {
  private readonly entries = new Map<string, Entry>();
  private rowCount = 0;

  constructor(private readonly opts: { now?: () => number; maxRows?: number } = {}) {}

  /** Rows kept now (for tests and the services page). */
  get size(): number {
    return this.rowCount;
  }

  /**
   * The rows readRollupRows reads over [from, end), as JSON array items (comma-separated, in pieces):
   * the closed part from memory when it is current.
   */
  async read(db: Kysely<Database>, q: ClosedRangeQuery): Promise<JsonSegment[]> {
    const { calendar, rollup } = q;
    const now = this.opts.now?.() ?? Date.now();
    const today = calendar.bucketStart('day', now);
    const closedUntil = calendar.bucketStart(rollup, today - MAX_HOLD_MS);
    if (q.metricKeys.length === 0 || q.end <= q.from) return [];
    if (q.from >= closedUntil) return [rowsJson(await readRollupRows(db, q.thingName, rollup, q.metricKeys, q.from, q.end))];

    const fingerprints = await this.fingerprints(db, q.thingName, q.metricKeys, calendar.bucketStart('month', today), today);
    const keyOf = (metricKey: string) => `${q.thingName}\u0000${calendar.timeZone}\u0000${rollup}\u0000${metricKey}`;
    // This request's closed rows per key: from memory, or read now (and kept) when missing or stale.
    const closed = new Map<string, Entry>();
    const stale: string[] = [];
    for (const metricKey of q.metricKeys) {
      const entry = this.touch(keyOf(metricKey));
      const current =
        entry && entry.closedUntil === closedUntil && entry.from <= q.from && entry.fingerprint === (fingerprints.get(metricKey) ?? '');
      if (current) closed.set(metricKey, entry);
      else stale.push(metricKey);
    }
    if (stale.length > 0) {
      const loaded = new Map<string, SeriesRow[]>(stale.map((k) => [k, []]));
      for (const row of await readRollupRows(db, q.thingName, rollup, stale, q.from, closedUntil)) loaded.get(row.metricKey)?.push(row);
      for (const [metricKey, rows] of loaded) {
        const entry = entryOf(q.from, closedUntil, fingerprints.get(metricKey) ?? '', rows);
        closed.set(metricKey, entry);
        this.put(keyOf(metricKey), entry);
      }
    }
    const open = q.end > closedUntil ? await readRollupRows(db, q.thingName, rollup, q.metricKeys, closedUntil, q.end) : [];

    // Keys in the ordinal order the reader answers in; each key's closed buckets, then its open ones.
    const parts: JsonSegment[] = [];
    let o = 0;
    for (const metricKey of [...q.metricKeys].sort(ordinal)) {
      const entry = closed.get(metricKey);
      if (entry) {
        const first = lowerBound(entry.buckets, q.from);
        const last = lowerBound(entry.buckets, Math.min(q.end, closedUntil));
        if (first === 0 && last === entry.buckets.length && last > 0) parts.push(entry.json);
        else if (first < last) parts.push(entry.json.text.slice(entry.offsets[first], (entry.offsets[last] as number) - 1));
      }
      const own: SeriesRow[] = [];
      while (o < open.length && ordinal((open[o] as SeriesRow).metricKey, metricKey) < 0) o++;
      while (o < open.length && (open[o] as SeriesRow).metricKey === metricKey) own.push(open[o++] as SeriesRow);
      if (own.length > 0) parts.push(rowsJson(own));
    }
    return parts.flatMap((part, i) => (i === 0 ? [part] : [',', part]));
  }

  /** Per key, the sample count and row count of the roll-ups that hold every sample before `today`. */
  private async fingerprints(
    db: Kysely<Database>,
    thingName: string,
    metricKeys: readonly string[],
    month: number,
    today: number,
  ): Promise<Map<string, string>> {
    const keys = sql.join(metricKeys);
    const { rows } = await sql<{ metric_key: string; n: number | string; c: number | string }>`
      select metric_key, sum(sample_count) as n, count(*) as c from (
        select metric_key, sample_count from metric_rollups
        where thing_name = ${thingName} and granularity = 'month' and metric_key in (${keys}) and bucket < ${month}
        union all
        select metric_key, sample_count from metric_rollups
        where thing_name = ${thingName} and granularity = 'day' and metric_key in (${keys}) and bucket >= ${month} and bucket < ${today}
      ) closed group by metric_key`.execute(db);
    return new Map(rows.map((r) => [r.metric_key, `${Number(r.n)}/${Number(r.c)}`]));
  }

  private touch(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  private put(key: string, entry: Entry): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.rowCount -= previous.buckets.length;
      this.entries.delete(key);
    }
    this.entries.set(key, entry);
    this.rowCount += entry.buckets.length;
    const max = this.opts.maxRows ?? CLOSED_BUCKET_CACHE_ROWS;
    for (const [oldest, old] of this.entries) {
      if (this.rowCount <= max || oldest === key) break;
      this.entries.delete(oldest);
      this.rowCount -= old.buckets.length;
    }
  }
}

function ordinal(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Index of the first element ≥ value in a sorted array. */
function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
