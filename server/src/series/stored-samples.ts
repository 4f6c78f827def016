// Raw samples as stored: closed hours packed in metric_blocks (series-packer.ts), the open hour as a row
// a report in metric_reports (report-rows.ts), late arrivals (and rows from before 083) as rows of
// metric_samples. Every reader of raw samples goes through here, so it sees one series whichever table
// holds which part, each (key, time) once.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import { packBlock, unpackBlock, unpackBlockRange, type PackedSample } from './block-codec';
import { MAX_HOLD_MS } from './rollup';
import { readReportSamples, reportKeys, reportTimeOf } from './report-rows';

/** The later of two times a database answered (either may be null: no such sample). */
export const latestOf = (a: number | string | null | undefined, b: number | string | null | undefined): number | null =>
  a == null ? (b == null ? null : Number(b)) : b == null ? Number(a) : Math.max(Number(a), Number(b));

/**
 * Closed hours are packed a block each; once their UTC day is closed too, its hours become one block
 * (series-packer.ts): a series reported every 5 minutes has 12 samples an hour, too few to carry a
 * row's key and header, while a day of one reported every 5 s (17,280) still unpacks in a millisecond.
 */
export const BLOCK_MS = 3_600_000;
export const DAY_BLOCK_MS = 86_400_000;

export const blockStart = (ts: number) => Math.floor(ts / BLOCK_MS) * BLOCK_MS;
export const dayBlockStart = (ts: number) => Math.floor(ts / DAY_BLOCK_MS) * DAY_BLOCK_MS;

/** A block row as it is written: the packed samples with what a reader needs without unpacking them. */
export function blockRow(thingName: string, metricKey: string, period: { start: number; end: number }, samples: readonly PackedSample[]) {
  const data = packBlock(samples);
  return {
    thing_name: thingName,
    metric_key: metricKey,
    period_start: period.start,
    period_end: period.end,
    sample_count: samples.length,
    first_ts: samples[0]!.ts,
    last_ts: samples[samples.length - 1]!.ts,
    data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
  };
}

/**
 * Writes a thing's first samples before `packBefore` (an hour's start) straight into blocks, as the
 * packing job would have left them: a block per closed UTC day, and the hours of the open day before
 * `packBefore` in one block (the job adds the next hours to it, a day's latest block being small). For a
 * thing with none stored yet (the simulator's history): a block already there refuses the insert.
 */
export async function insertPackedHistory(
  db: Kysely<Database>,
  thingName: string,
  samples: readonly { metricKey: string; ts: number; value: number }[],
  packBefore: number,
): Promise<void> {
  const periods = new Map<string, { metricKey: string; start: number; samples: PackedSample[] }>();
  for (const s of samples) {
    if (s.ts >= packBefore) continue;
    const start = dayBlockStart(s.ts);
    const key = `${s.metricKey}\n${start}`;
    let period = periods.get(key);
    if (!period) periods.set(key, (period = { metricKey: s.metricKey, start, samples: [] }));
    period.samples.push({ ts: s.ts, value: s.value });
  }
  const rows = [...periods.values()].map((p) => {
    p.samples.sort((a, b) => a.ts - b.ts);
    return blockRow(thingName, p.metricKey, { start: p.start, end: Math.min(p.start + DAY_BLOCK_MS, packBefore) }, p.samples);
  });
  for (let i = 0; i < rows.length; i += HISTORY_BLOCK_ROWS)
    await db
      .insertInto('metric_blocks')
      .values(rows.slice(i, i + HISTORY_BLOCK_ROWS))
      .execute();
}

/** Blocks one insert carries (8 parameters each: within either engine's limit). */
const HISTORY_BLOCK_ROWS = 500;

/**
 * Serialises, per thing, the packing job's transaction with a writer's samples for closed hours
 * (PostgreSQL; SQLite has one writer at a time anyway). Without it a redelivered sample could check for
 * its block before the job commits it, then insert after the job deleted its raw copy: stored twice.
 * Held until the caller's transaction ends; callers lock things in sorted order, so none deadlock.
 */
export async function lockSeriesOf(db: Kysely<Database>, thingNames: readonly string[]): Promise<void> {
  if (!isPostgres(db)) return;
  for (const name of [...thingNames].sort()) await sql`select pg_advisory_xact_lock(hashtext(${`helio-series:${name}`}))`.execute(db);
}

/** The packed samples of the keys in blocks overlapping [from, to), per key in time order. */
async function readPacked(
  db: Kysely<Database>,
  thingName: string,
  metricKeys: readonly string[],
  from: number,
  to: number,
): Promise<Map<string, PackedSample[]>> {
  const packed = new Map<string, PackedSample[]>();
  if (metricKeys.length === 0 || to <= from) return packed;
  const blocks = await db
    .selectFrom('metric_blocks')
    .select(['metric_key', 'data'])
    .where('thing_name', '=', thingName)
    .where('metric_key', 'in', metricKeys)
    .where('period_start', '>', from - DAY_BLOCK_MS)
    .where('period_start', '<', to)
    .where('period_end', '>', from)
    .where('last_ts', '>=', from)
    .orderBy('metric_key')
    .orderBy('period_start')
    .execute();
  for (const block of blocks) {
    let list = packed.get(block.metric_key);
    if (!list) packed.set(block.metric_key, (list = []));
    unpackBlockRange(block.data, from, to, list);
  }
  return packed;
}

/** `packed` and `raw` (each in time order) as one series; a time in both keeps the packed value, stored first. */
function merged(packed: PackedSample[] | undefined, raw: readonly PackedSample[]): PackedSample[] {
  if (!packed || packed.length === 0) return [...raw];
  if (raw.length === 0) return packed; // readPacked's own list: nobody else holds it
  const out: PackedSample[] = [];
  let i = 0;
  let j = 0;
  while (i < packed.length || j < raw.length) {
    const p = packed[i];
    const r = raw[j];
    if (r === undefined || (p !== undefined && p.ts <= r.ts)) {
      out.push(p!);
      i++;
      if (r !== undefined && r.ts === p!.ts) j++;
    } else {
      out.push(r);
      j++;
    }
  }
  return out;
}

/**
 * The raw rows' samples of the keys over [from, to), per key in time order, from both raw tables (a time
 * in both, which only a report row's conflict with a redelivery can make, keeps the report row's).
 */
export async function readRawSamples(
  db: Kysely<Database>,
  thingName: string,
  metricKeys: readonly string[],
  from: number,
  to: number,
): Promise<Map<string, PackedSample[]>> {
  if (metricKeys.length === 0 || to <= from) return new Map();
  const [rows, raw] = await Promise.all([
    db
      .selectFrom('metric_samples')
      .select(['metric_key', 'ts', 'value'])
      .where('thing_name', '=', thingName)
      .where('metric_key', 'in', metricKeys)
      .where('ts', '>=', from)
      .where('ts', '<', to)
      .orderBy('metric_key')
      .orderBy('ts')
      .execute(),
    readReportSamples(db, thingName, metricKeys, from, to),
  ]);
  const late = new Map<string, PackedSample[]>();
  for (const row of rows) {
    const list = late.get(row.metric_key) ?? [];
    list.push({ ts: Number(row.ts), value: Number(row.value) });
    late.set(row.metric_key, list);
  }
  for (const [key, list] of late) raw.set(key, merged(raw.get(key), list));
  return raw;
}

/** The samples of the keys over [from, to), per key in time order (a key without samples is absent). */
export async function readStoredSamples(
  db: Kysely<Database>,
  thingName: string,
  metricKeys: readonly string[],
  from: number,
  to: number,
): Promise<Map<string, PackedSample[]>> {
  const out = new Map<string, PackedSample[]>();
  if (metricKeys.length === 0 || to <= from) return out;
  const [raw, packed] = await Promise.all([
    readRawSamples(db, thingName, metricKeys, from, to),
    readPacked(db, thingName, metricKeys, from, to),
  ]);
  for (const key of metricKeys) {
    const series = merged(packed.get(key), raw.get(key) ?? []);
    if (series.length > 0) out.set(key, series);
  }
  return out;
}

/**
 * The time of the key's sample before `ts`, for the hold of a power sample: exact when it lies within
 * MAX_HOLD_MS; otherwise the time of some earlier sample (the hold is capped there, so any serves), or
 * undefined when there is none. `rawBefore` is the raw table's answer if the caller already has it.
 */
export async function sampleTimeBefore(
  db: Kysely<Database>,
  thingName: string,
  metricKey: string,
  ts: number,
  rawBefore?: number | null,
  /** Samples from here on are raw, none packed (the packing job's horizon, as the caller knows it); unset, any may be packed. */
  unpackedFrom = Number.POSITIVE_INFINITY,
): Promise<number | undefined> {
  let raw = rawBefore;
  if (raw === undefined) {
    const [row, report] = await Promise.all([
      db
        .selectFrom('metric_samples')
        .select((eb) => eb.fn.max('ts').as('ts'))
        .where('thing_name', '=', thingName)
        .where('metric_key', '=', metricKey)
        .where('ts', '<', ts)
        .executeTakeFirst(),
      reportTimeOf(db, thingName, metricKey, 'last', ts),
    ]);
    raw = latestOf(row?.ts, report);
  }
  if (raw !== null && raw >= ts - MAX_HOLD_MS) return raw;
  // a live sample's hold lies in hours not yet packed (their samples are raw): no block to read for it
  if (ts - MAX_HOLD_MS < unpackedFrom) {
    const recent = (await readPacked(db, thingName, [metricKey], ts - MAX_HOLD_MS, ts)).get(metricKey);
    if (recent && recent.length > 0) return recent[recent.length - 1]!.ts;
  }
  if (raw !== null) return raw;
  const older = await db
    .selectFrom('metric_blocks')
    .select('first_ts')
    .where('thing_name', '=', thingName)
    .where('metric_key', '=', metricKey)
    .where('period_start', '<', ts)
    .where('first_ts', '<', ts)
    .orderBy('period_start', 'desc')
    .limit(1)
    .executeTakeFirst();
  return older ? Number(older.first_ts) : undefined;
}

/**
 * The samples not already packed: a redelivered or re-imported sample of a packed hour is stored once.
 * Only samples before `openHour` (the writer's current hour) can be packed, so live reports cost nothing.
 */
export async function withoutPacked<S extends { metricKey: string; ts: number }>(
  db: Kysely<Database>,
  thingName: string,
  samples: readonly S[],
  openHour: number,
): Promise<readonly S[]> {
  const closed = samples.filter((s) => s.ts < openHour);
  if (closed.length === 0) return samples;
  const keys = [...new Set(closed.map((s) => s.metricKey))];
  const periods = [...new Set(closed.flatMap((s) => [blockStart(s.ts), dayBlockStart(s.ts)]))];
  const blocks = await db
    .selectFrom('metric_blocks')
    .select(['metric_key', 'data'])
    .where('thing_name', '=', thingName)
    .where('metric_key', 'in', keys)
    .where('period_start', 'in', periods)
    .execute();
  if (blocks.length === 0) return samples;
  const packed = new Set<string>();
  for (const block of blocks) for (const s of unpackBlock(block.data)) packed.add(`${block.metric_key}|${s.ts}`);
  return samples.filter((s) => s.ts >= openHour || !packed.has(`${s.metricKey}|${s.ts}`));
}

/**
 * The samples no report row holds: an imported sample of an hour not yet packed, at the time of a
 * stored report that has its key, is stored once (the report's value stays).
 */
export async function withoutReported<S extends { metricKey: string; ts: number }>(
  db: Kysely<Database>,
  thingName: string,
  samples: readonly S[],
): Promise<readonly S[]> {
  if (samples.length === 0) return samples;
  let [first, last] = [samples[0]!.ts, samples[0]!.ts];
  for (const s of samples) [first, last] = [Math.min(first, s.ts), Math.max(last, s.ts)];
  // a range, not a list of times: a thing's report rows span the hours not yet packed, whatever the samples'
  const reports = await db
    .selectFrom('metric_reports')
    .select(['ts', 'metric_keys'])
    .where('thing_name', '=', thingName)
    .where('ts', '>=', first)
    .where('ts', '<=', last)
    .execute();
  if (reports.length === 0) return samples;
  const held = new Set(reports.flatMap((r) => reportKeys(r.metric_keys).map((key) => `${key}\n${Number(r.ts)}`)));
  return samples.filter((s) => !held.has(`${s.metricKey}\n${s.ts}`));
}
