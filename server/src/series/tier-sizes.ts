// What each retention tier holds, measured by the retention job after each run (tier-retention.ts) and
// shown on /services: rows (raw: samples, in report rows, sample rows or blocks; else buckets), oldest and newest time, and
// bytes on disk. Bytes are the engine's own count of each table's pages with its indexes
// (PostgreSQL's pg_total_relation_size, SQLite's dbstat where it is compiled in, else unknown); a
// table that holds two tiers (metric_rollups: hour, and day with month; metric_fine_rollups: 1m and
// 15m) is split between them by their share of its rows. Counting scans the tables: once an hour on
// the leader, never on a page load.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isPostgres } from '../db/dialect';
import type { SeriesTier } from './tier-settings';

export interface TierSize {
  rows: number;
  bytes: number | null;
  oldest: number | null;
  newest: number | null;
}

const TABLES = ['metric_reports', 'metric_samples', 'metric_blocks', 'metric_fine_rollups', 'metric_rollups'] as const;
type SeriesTable = (typeof TABLES)[number];

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const lowest = (...v: (number | null)[]) => (v.some((x) => x !== null) ? Math.min(...v.filter((x): x is number => x !== null)) : null);
const highest = (...v: (number | null)[]) => (v.some((x) => x !== null) ? Math.max(...v.filter((x): x is number => x !== null)) : null);

/** Each table's bytes with its indexes, or null where the engine cannot tell. */
async function tableBytes(db: Kysely<Database>): Promise<Record<SeriesTable, number> | null> {
  try {
    if (isPostgres(db)) {
      const rows = await sql<{ name: string; bytes: string }>`select t.name, pg_total_relation_size(t.name::regclass) as bytes
        from unnest(${[...TABLES]}::text[]) as t(name)`.execute(db);
      return Object.fromEntries(rows.rows.map((r) => [r.name, Number(r.bytes)])) as Record<SeriesTable, number>;
    }
    const rows = await sql<{ name: string; bytes: number }>`select s.tbl_name as name, sum(d.pgsize) as bytes
      from dbstat d join sqlite_schema s on s.name = d.name group by s.tbl_name`.execute(db);
    const by = new Map(rows.rows.map((r) => [r.name, Number(r.bytes)]));
    return Object.fromEntries(TABLES.map((t) => [t, by.get(t) ?? 0])) as Record<SeriesTable, number>;
  } catch {
    return null; // SQLite built without dbstat
  }
}

export async function measureTiers(db: Kysely<Database>): Promise<Record<SeriesTier, TierSize>> {
  const [reports, raw, packed, fine, rollups, bytes] = await Promise.all([
    db
      .selectFrom('metric_reports')
      .select((eb) => [eb.fn.sum('sample_count').as('n'), eb.fn.min('ts').as('lo'), eb.fn.max('ts').as('hi')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('metric_samples')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('ts').as('lo'), eb.fn.max('ts').as('hi')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('metric_blocks')
      .select((eb) => [eb.fn.sum('sample_count').as('n'), eb.fn.min('first_ts').as('lo'), eb.fn.max('last_ts').as('hi')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('metric_fine_rollups')
      .select((eb) => ['granularity', eb.fn.countAll().as('n'), eb.fn.min('bucket').as('lo'), eb.fn.max('bucket').as('hi')])
      .groupBy('granularity')
      .execute(),
    db
      .selectFrom('metric_rollups')
      .select((eb) => ['granularity', eb.fn.countAll().as('n'), eb.fn.min('bucket').as('lo'), eb.fn.max('bucket').as('hi')])
      .groupBy('granularity')
      .execute(),
    tableBytes(db),
  ]);
  const of = (rows: readonly { granularity: string; n: unknown; lo: unknown; hi: unknown }[], granularity: string) => {
    const row = rows.find((r) => r.granularity === granularity);
    return { rows: num(row?.n) ?? 0, oldest: num(row?.lo), newest: num(row?.hi) };
  };
  const share = (table: SeriesTable, part: number, whole: number) =>
    bytes === null ? null : whole === 0 ? 0 : Math.round((bytes[table] * part) / whole);
  const [m1, m15] = [of(fine, '1m'), of(fine, '15m')];
  const [hour, day, month] = [of(rollups, 'hour'), of(rollups, 'day'), of(rollups, 'month')];
  const rollupRows = hour.rows + day.rows + month.rows;
  return {
    raw: {
      rows: (num(reports.n) ?? 0) + (num(raw.n) ?? 0) + (num(packed.n) ?? 0),
      bytes: bytes === null ? null : bytes.metric_reports + bytes.metric_samples + bytes.metric_blocks,
      oldest: lowest(num(reports.lo), num(raw.lo), num(packed.lo)),
      newest: highest(num(reports.hi), num(raw.hi), num(packed.hi)),
    },
    '1m': { ...m1, bytes: share('metric_fine_rollups', m1.rows, m1.rows + m15.rows) },
    '15m': { ...m15, bytes: share('metric_fine_rollups', m15.rows, m1.rows + m15.rows) },
    '1h': { ...hour, bytes: share('metric_rollups', hour.rows, rollupRows) },
    '1d': {
      rows: day.rows + month.rows,
      bytes: share('metric_rollups', day.rows + month.rows, rollupRows),
      oldest: lowest(day.oldest, month.oldest),
      newest: highest(day.newest, month.newest),
    },
  };
}

/** Measures and keeps the figures for /services. */
export async function recordTierSizes(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const sizes = await measureTiers(db);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('series_tier_sizes').execute();
    await trx
      .insertInto('series_tier_sizes')
      .values(
        Object.entries(sizes).map(([tier, s]) => ({
          tier,
          row_count: s.rows,
          bytes: s.bytes,
          oldest: s.oldest,
          newest: s.newest,
          measured_at: now,
        })),
      )
      .execute();
  });
}
