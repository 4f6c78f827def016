// The start of each power sample's hold: the time of its metric's stored sample before it, which a
// power sample's energy needs (rollup.ts). The series writer asks it for every batch it stores.
import { sql, type Kysely } from 'kysely';
import { rowsQuery, SQLITE_ROWS } from '../db/row-columns';
import type { Database } from '../db/schema';
import { isPowerMetric, MAX_HOLD_MS, type Sample } from './rollup';
import { blockStart, latestOf, sampleTimeBefore } from './stored-samples';
import { PACK_AFTER_MS } from './series-packer';
import { keyNeedle, reportHas } from './report-rows';

const FIRST_COLUMNS = { thing_name: 'text', metric_key: 'text', ts: 'bigint', needle: 'text' } as const;

/**
 * For each thing and power metric of the batch, the time of its stored sample just before the
 * batch's first, in one statement (a chunk at a time on SQLite); `fresh` are the thing|key pairs the
 * thing stores for the first time.
 */
export async function holdStartsBefore(
  db: Kysely<Database>,
  sortedByThing: ReadonlyMap<string, readonly Sample[]>,
  fresh: ReadonlySet<string>,
  /** The writer's clock (whose hour is open). */
  now: number,
): Promise<Map<string, Map<string, number>>> {
  // samples from here on are raw: the packing job packs an hour PACK_AFTER_MS after it ends (twice
  // that: the leader's clock may run ahead of this one's)
  const unpackedFrom = blockStart(now - 2 * PACK_AFTER_MS);
  const firsts: { thing_name: string; metric_key: string; ts: number; needle: string }[] = [];
  for (const [thingName, sorted] of sortedByThing) {
    let key: string | undefined;
    for (const s of sorted) {
      if (s.metricKey === key || !isPowerMetric(s.metricKey)) continue;
      key = s.metricKey;
      firsts.push({ thing_name: thingName, metric_key: key, ts: s.ts, needle: keyNeedle(key) });
    }
  }
  const firstTs = new Map(firsts.map((f) => [`${f.thing_name}|${f.metric_key}`, f.ts]));
  const previous = new Map<string, Map<string, number>>();
  for (let i = 0; i < firsts.length; i += SQLITE_ROWS) {
    // In both raw tables. A live report's power metrics are all in the thing's report row before it: that
    // row is looked up once a report, not once a metric (a batch of 100 reports of 8 power metrics made
    // 1,600 index lookups, now 300), and a metric it lacks is looked for further back. The sample rows
    // are looked into only for a thing that has any (a live gateway's are all report rows). The CTEs are
    // MATERIALIZED: inlined, PostgreSQL ran the look-ups of `latest` and `before` once a metric after
    // the join instead of once a report, the report row's time twice (20.9 ms for a batch of 85
    // reports of 5 power metrics; 4.0 ms so; the largest statement of a fleet's ingest).
    const { rows } = await sql<{ thing_name: string; metric_key: string; ts: number | string | null; report_ts: number | string | null }>`
      with firsts (thing_name, metric_key, ts, needle) as (${rowsQuery(db, FIRST_COLUMNS, firsts.slice(i, i + SQLITE_ROWS))}),
      points as materialized (select distinct thing_name, ts from firsts),
      latest as materialized (
        select p.thing_name, p.ts,
          (select max(r.ts) from metric_reports r where r.thing_name = p.thing_name and r.ts < p.ts) as report_ts,
          exists (select 1 from metric_samples s where s.thing_name = p.thing_name) as has_samples
        from points p),
      before as materialized (
        select l.thing_name, l.ts, l.report_ts, l.has_samples,
          (select r.metric_keys from metric_reports r where r.thing_name = l.thing_name and r.ts = l.report_ts) as metric_keys
        from latest l)
      select f.thing_name, f.metric_key,
        case when b.has_samples then
          (select max(s.ts) from metric_samples s
            where s.thing_name = f.thing_name and s.metric_key = f.metric_key and s.ts < f.ts) end as ts,
        case when ${reportHas(db, 'b.metric_keys', sql.ref('f.needle'))} then b.report_ts else
          (select r.ts from metric_reports r
            where r.thing_name = f.thing_name and r.ts < f.ts and ${reportHas(db, 'r.metric_keys', sql.ref('f.needle'))}
            order by r.ts desc limit 1) end as report_ts
      from firsts f join before b on b.thing_name = f.thing_name and b.ts = f.ts`.execute(db);
    for (const row of rows) {
      const first = firstTs.get(`${row.thing_name}|${row.metric_key}`)!;
      const raw = latestOf(row.ts, row.report_ts);
      // A key new to the thing has no sample before (its earlier samples would be raw: rolled up within
      // a drain, packed hours later). Else the raw table answers a live report at once; only after a
      // gap can the sample before be packed.
      if (raw === null && fresh.has(`${row.thing_name}|${row.metric_key}`)) continue;
      const ts =
        raw !== null && raw >= first - MAX_HOLD_MS
          ? raw
          : await sampleTimeBefore(db, row.thing_name, row.metric_key, first, raw, unpackedFrom);
      if (ts === undefined) continue;
      const byKey = previous.get(row.thing_name) ?? new Map<string, number>();
      byKey.set(row.metric_key, ts);
      previous.set(row.thing_name, byKey);
    }
  }
  return previous;
}
