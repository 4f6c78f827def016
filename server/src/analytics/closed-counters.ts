// Counter buckets that can no longer change much are kept in memory: a year of a thousand plants is
// sixty thousand rows, and reading them is most of a page's time. A kept range is used again only
// while its fingerprint (row count, sample count, latest reading time, sum of readings: one aggregate
// statement) is unchanged, so a late sample, a backfill or another server's write reads it anew.
// The buckets of the last days are always read fresh: live reports change them every few seconds.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { RollupGranularity } from '../series/calendar';
import { calendarOf } from '../series/calendar';
import { counterFingerprint, readCounterRows, type CounterRow, type FleetScope } from './fleet-query';

const DAY_MS = 86_400_000;
/** Rows kept over all ranges (about 150 bytes a row): some 60 MB at most. */
export const MAX_KEPT_COUNTER_ROWS = 400_000;

interface KeptRange {
  fingerprint: string;
  rows: CounterRow[];
}

/**
 * Buckets starting before this have ended at least a day ago in every time zone: the bucket holding
 * two days ago in UTC, a day earlier still for zones up to 14 hours away.
 */
export function closedBefore(granularity: RollupGranularity, now: number): number {
  return calendarOf('UTC').bucketStart(granularity, now - 2 * DAY_MS) - DAY_MS;
}

const scopeKey = (scope: FleetScope, granularity: string, from: number, to: number) =>
  JSON.stringify([
    scope.caller.tenantId,
    scope.caller.sub,
    scope.caller.roleId,
    [...(scope.tagIds ?? [])].sort(),
    scope.plantId ?? null,
    granularity,
    from,
    to,
  ]);

/**
 * The fleet's counter rows with their closed part kept: one per server (buildApp makes it, the
 * analytics pages and the report PDFs share it), at most `maxRows` rows over all its ranges (0 keeps
 * nothing: the monthly mail reads each subscriber's month once).
 */
export class KeptCounters {
  private readonly kept = new Map<string, KeptRange>();

  constructor(
    readonly db: Kysely<Database>,
    private readonly maxRows = MAX_KEPT_COUNTER_ROWS,
  ) {}

  /** The counter rows of [from, to): the closed part from memory while unchanged, the rest read now. Not ordered across the two parts. */
  async rows(scope: FleetScope, granularity: RollupGranularity, from: number, to: number, now = Date.now()): Promise<CounterRow[]> {
    const cutoff = Math.min(to, closedBefore(granularity, now));
    if (cutoff <= from || this.maxRows === 0) return readCounterRows(this.db, scope, granularity, from, to);
    const closed = await this.closedRows(scope, granularity, from, cutoff);
    if (cutoff >= to) return closed;
    return [...closed, ...(await readCounterRows(this.db, scope, granularity, cutoff, to))];
  }

  /** How many rows are kept now (over all ranges). */
  size(): number {
    let total = 0;
    for (const range of this.kept.values()) total += range.rows.length;
    return total;
  }

  private async closedRows(scope: FleetScope, granularity: RollupGranularity, from: number, to: number): Promise<CounterRow[]> {
    const { db, kept } = this;
    const key = scopeKey(scope, granularity, from, to);
    const fingerprint = await counterFingerprint(db, scope, granularity, from, to);
    const hit = kept.get(key);
    if (hit && hit.fingerprint === fingerprint) return hit.rows;
    const rows = await readCounterRows(db, scope, granularity, from, to);
    kept.delete(key);
    let total = rows.length + this.size();
    // The oldest ranges go first (a Map iterates in insertion order).
    for (const [oldKey, range] of kept) {
      if (total <= this.maxRows) break;
      kept.delete(oldKey);
      total -= range.rows.length;
    }
    if (rows.length <= this.maxRows) kept.set(key, { fingerprint, rows });
    return rows;
  }
}
