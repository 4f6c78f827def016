// The open hour's raw samples as one row a report (metric_reports, 083_metric_reports): a thing's samples
// of one time, their keys in one text and their values packed. A row a sample cost the database a
// tuple and a B-tree entry for each of a report's ~25 metrics, most of the cluster's ingest CPU
// (issue 38); a row a report costs one. Written by the series writer, read back through
// stored-samples.ts, emptied into blocks by the packing job.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import type { PackedSample } from './block-codec';
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
