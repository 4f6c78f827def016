// The open hour's raw samples as one row a report (metric_reports, 083_metric_reports): a thing's samples
// of one time, their keys in one text and their values packed. A row a sample cost the database a
// tuple and a B-tree entry for each of a report's ~25 metrics, most of the cluster's ingest CPU
// (issue 38); a row a report costs one. Written by the series writer, read back through
// stored-samples.ts, emptied into blocks by the packing job.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from '../db/dialect';
import { insertRows } from '../db/row-columns';
import type { Database } from '../db/schema';
import type { PackedSample } from './block-codec';
import type { Sample } from './rollup';
import type { MetricReportTable } from './tables';

const SEPARATOR = '\n';

/** Whether a sample of this key can be a report row's (its key cannot hold the separator). */
export const fitsReportRow = (metricKey: string) => !metricKey.includes(SEPARATOR);

/** What a report row's keys text holds for the key: a reader finds the key without parsing the row. */
export const keyNeedle = (metricKey: string) => `${SEPARATOR}${metricKey}${SEPARATOR}`;

/** One report's samples (distinct keys, each fitting a report row) as its row. */
export function reportRow(thingName: string, ts: number, samples: readonly { metricKey: string; value: number }[]): MetricReportTable {
  const values = Buffer.allocUnsafe(samples.length * 8);
  for (let i = 0; i < samples.length; i++) values.writeDoubleLE(samples[i]!.value, i * 8);
  return {
    thing_name: thingName,
    ts,
    metric_keys: `${SEPARATOR}${samples.map((s) => s.metricKey).join(SEPARATOR)}${SEPARATOR}`,
    metric_values: values,
    sample_count: samples.length,
  };
}

/** The keys of a report row, in its values' order. */
export const reportKeys = (metricKeys: string): string[] => metricKeys.slice(1, -1).split(SEPARATOR);

/** A row's values as a Buffer (both drivers give one; a Uint8Array from elsewhere is wrapped, not copied). */
const valuesOf = (data: Uint8Array) => (Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));

/**
 * Reads report rows' samples, remembering each distinct keys text's layout: a thing's rows mostly share
 * theirs, so a row costs its wanted values' reads, not a split of its keys.
 */
export class ReportDecoder {
  private readonly layouts = new Map<string, [index: number, metricKey: string][]>();

  /** `wanted` unset: every key. */
  constructor(private readonly wanted?: ReadonlySet<string>) {}

  /** The row's samples of the wanted keys, in the row's key order. */
  samples(row: Pick<MetricReportTable, 'metric_keys' | 'metric_values'>): { metricKey: string; value: number }[] {
    let layout = this.layouts.get(row.metric_keys);
    if (!layout) {
      layout = [];
      reportKeys(row.metric_keys).forEach((key, i) => {
        if (!this.wanted || this.wanted.has(key)) layout!.push([i, key]);
      });
      this.layouts.set(row.metric_keys, layout);
    }
    const values = valuesOf(row.metric_values);
    return layout.map(([i, metricKey]) => ({ metricKey, value: values.readDoubleLE(i * 8) }));
  }
}

/** The value of one key in a report row, if the row has it. */
export function reportValue(row: Pick<MetricReportTable, 'metric_keys' | 'metric_values'>, metricKey: string): number | undefined {
  const samples = new ReportDecoder(new Set([metricKey])).samples(row);
  return samples[0]?.value;
}

/** The time of the thing's first or last report row that holds the key (before `before`, when given). */
export async function reportTimeOf(
  db: Kysely<Database>,
  thingName: string,
  metricKey: string,
  which: 'first' | 'last',
  before?: number,
): Promise<number | undefined> {
  let rows = db.selectFrom('metric_reports').select('ts').where('thing_name', '=', thingName);
  if (before !== undefined) rows = rows.where('ts', '<', before);
  const row = await rows
    .where(reportHas(db, 'metric_keys', keyNeedle(metricKey)))
    .orderBy('ts', which === 'first' ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.ts) : undefined;
}

/** SQL: whether the report row's keys text (`keysColumn`) holds the key whose needle is `needle` (keyNeedle). */
export function reportHas(db: Kysely<Database>, keysColumn: string, needle: RawBuilder<unknown> | string): RawBuilder<SqlBool> {
  const value = typeof needle === 'string' ? sql`${needle}` : needle;
  return isPostgres(db)
    ? sql<SqlBool>`strpos(${sql.ref(keysColumn)}, ${value}) > 0`
    : sql<SqlBool>`instr(${sql.ref(keysColumn)}, ${value}) > 0`;
}

/**
 * Reads of this many keys or fewer take each key's 8 bytes from the row in SQL (a statement for each
 * distinct keys text in the range, mostly one): a chart of one metric over the open hour otherwise
 * moved every row's keys and values to read one value of each (bench:series, SQLite: 1.3 ms, now 1.0;
 * as sample rows 0.6).
 */
const PROJECTED_KEYS = 4;
/** More distinct keys texts than this in a range: whole rows, decoded here. */
const PROJECTED_LAYOUTS = 8;

/** The report rows' samples of the keys over [from, to), per key in time order (a key without any absent). */
export async function readReportSamples(
  db: Kysely<Database>,
  thingName: string,
  metricKeys: readonly string[],
  from: number,
  to: number,
): Promise<Map<string, PackedSample[]>> {
  const out = new Map<string, PackedSample[]>();
  const push = (key: string, sample: PackedSample) => {
    const list = out.get(key);
    if (list) list.push(sample);
    else out.set(key, [sample]);
  };
  const range = db.selectFrom('metric_reports').where('thing_name', '=', thingName).where('ts', '>=', from).where('ts', '<', to);
  const layouts = metricKeys.length <= PROJECTED_KEYS ? await range.select('metric_keys').distinct().execute() : [];
  if (metricKeys.length > PROJECTED_KEYS || layouts.length > PROJECTED_LAYOUTS) {
    const decoder = new ReportDecoder(new Set(metricKeys));
    for (const row of await range.select(['ts', 'metric_keys', 'metric_values']).orderBy('ts').execute()) {
      const ts = Number(row.ts);
      for (const { metricKey, value } of decoder.samples(row)) push(metricKey, { ts, value });
    }
    return out;
  }
  for (const { metric_keys: layout } of layouts) {
    const keys = reportKeys(layout);
    const wanted = metricKeys.map((key) => ({ key, at: keys.indexOf(key) })).filter((w) => w.at >= 0);
    if (wanted.length === 0) continue;
    const rows = await range
      .select((eb) => [
        'ts',
        ...wanted.map((w, j) => sql<Uint8Array>`substr(${eb.ref('metric_values')}, cast(${w.at * 8 + 1} as integer), 8)`.as(`v${j}`)),
      ])
      .where('metric_keys', '=', layout)
      .orderBy('ts')
      .execute();
    for (const row of rows) {
      const ts = Number(row.ts);
      const values = row as unknown as Record<string, Uint8Array>;
      wanted.forEach((w, j) => push(w.key, { ts, value: valuesOf(values[`v${j}`]!).readDoubleLE(0) }));
    }
  }
  // rows of several layouts were read a layout at a time
  if (layouts.length > 1) for (const list of out.values()) list.sort((a, b) => a.ts - b.ts);
  return out;
}

const REPORT_COLUMNS = { thing_name: 'text', ts: 'bigint', metric_keys: 'text', metric_values: 'bytea', sample_count: 'integer' } as const;

/**
 * Inserts a row a report; answers the reports it stored (each key once) and the samples it did not
 * but must: a report whose thing and time have a row already (a QoS-1 redelivery; rarely another
 * report of the same millisecond) leaves only the samples that row lacks, for metric_samples, so each
 * (key, time) is stored once.
 */
export async function insertReportRows(
  db: Kysely<Database>,
  reports: readonly { thingName: string; ts: number; samples: readonly Sample[] }[],
): Promise<{ stored: { thingName: string; samples: readonly Sample[] }[]; lacking: { thingName: string; sample: Sample }[] }> {
  if (reports.length === 0) return { stored: [], lacking: [] };
  // a key twice in one report (two reports of one time in the batch; 'a.b' beside a nested a.b): its first sample
  const distinct = reports.map((r) => {
    const keys = new Set(r.samples.map((s) => s.metricKey));
    if (keys.size === r.samples.length) return r;
    const seen = new Set<string>();
    return { ...r, samples: r.samples.filter((s) => !seen.has(s.metricKey) && seen.add(s.metricKey)) };
  });
  const rows = distinct.map((r) => reportRow(r.thingName, r.ts, r.samples));
  const added = isPostgres(db)
    ? await insertPostgresRows(db, rows)
    : await insertRows(db, 'metric_reports', REPORT_COLUMNS, rows, (insert) =>
        insert.onConflict((oc) => oc.columns(['thing_name', 'ts']).doNothing()).returning(['thing_name', 'ts']),
      );
  const isAdded = new Set(added.map((a) => `${a.thing_name}\n${Number(a.ts)}`));
  const stored = distinct.filter((r) => isAdded.has(`${r.thingName}\n${r.ts}`));
  const refused = distinct.filter((r) => !isAdded.has(`${r.thingName}\n${r.ts}`));
  const lacking: { thingName: string; sample: Sample }[] = [];
  if (refused.length === 0) return { stored, lacking };
  const held = await db
    .selectFrom('metric_reports')
    .select(['thing_name', 'ts', 'metric_keys'])
    .where('thing_name', 'in', [...new Set(refused.map((r) => r.thingName))])
    .where('ts', 'in', [...new Set(refused.map((r) => r.ts))])
    .execute();
  const keysAt = new Map(held.map((h) => [`${h.thing_name}\n${Number(h.ts)}`, new Set(reportKeys(h.metric_keys))]));
  for (const r of refused) {
    const keys = keysAt.get(`${r.thingName}\n${r.ts}`);
    for (const sample of r.samples) if (!keys?.has(sample.metricKey)) lacking.push({ thingName: r.thingName, sample });
  }
  return { stored, lacking };
}

/**
 * Report rows into PostgreSQL in one statement, as insertRows would but for two columns: the keys texts
 * named once each (a gateway's reports share one, ~300 characters) with an index a row, and every
 * row's values in one bytea parameter, which pg sends as bytes (in an array each row's were hex, twice
 * their size), cut by offset. A report went from ~700 bytes of statement to ~250.
 */
async function insertPostgresRows(db: Kysely<Database>, rows: readonly MetricReportTable[]): Promise<{ thing_name: string; ts: number }[]> {
  const keysTexts: string[] = [];
  const keysIndex = new Map<string, number>();
  const keyIndexes: number[] = [];
  const starts: number[] = [];
  let start = 1;
  for (const row of rows) {
    let index = keysIndex.get(row.metric_keys);
    if (index === undefined) {
      index = keysTexts.push(row.metric_keys);
      keysIndex.set(row.metric_keys, index);
    }
    keyIndexes.push(index);
    starts.push(start);
    start += row.metric_values.byteLength;
  }
  const values = Buffer.concat(rows.map((r) => r.metric_values));
  const { rows: added } = await sql<{ thing_name: string; ts: number }>`
    insert into metric_reports (thing_name, ts, metric_keys, metric_values, sample_count)
    select r.thing_name, r.ts, (${keysTexts}::text[])[r.key_index], substring(${values}::bytea from r.start for r.sample_count * 8), r.sample_count
    from unnest(${rowsArray(rows, 'thing_name')}::text[], ${rowsArray(rows, 'ts')}::bigint[], ${keyIndexes}::int[], ${starts}::int[],
      ${rowsArray(rows, 'sample_count')}::int[]) as r (thing_name, ts, key_index, start, sample_count)
    on conflict (thing_name, ts) do nothing
    returning thing_name, ts`.execute(db);
  return added;
}

const rowsArray = <K extends keyof MetricReportTable>(rows: readonly MetricReportTable[], column: K) => rows.map((r) => r[column]);
