// Packs the raw samples of closed hours into blocks (stored-samples.ts, block-codec.ts): a leader job
// that, thing by thing, moves up to PACK_HOURS hours of all its series at a time from metric_reports and
// metric_samples into metric_blocks in one transaction, and makes the hour blocks of each closed UTC day one day block.
// A thing's series go together: a fleet of 10,000 plants of 25 series each is 10,000 transactions an
// hour, not 250,000, each a few statements whatever its series. The rows are deleted first and the
// blocks are built from what the delete returned, so a sample committed by a writer meanwhile is either
// among them or stays raw for the next run: nothing is lost, and a crash rolls the whole transaction
// back, so nothing is packed twice. A late sample for an hour already packed is merged into its block
// the next time round. The same job works through an upgraded database's whole history, batch after
// batch, while ingest goes on.
import { sql, type Kysely } from 'kysely';
import { inTransaction } from '../db/dialect';
import { insertRows, rowsQuery } from '../db/row-columns';
import type { Database } from '../db/schema';
import { startLeaderJob, type JobClock } from '../jobs/leader-job';
import { unpackBlock, type PackedSample } from './block-codec';
import { ReportDecoder } from './report-rows';
import { blockRow, blockStart, BLOCK_MS, DAY_BLOCK_MS, dayBlockStart, lockSeriesOf } from './stored-samples';
import { groupedBy } from '../grouped-by';

/**
 * An hour is packed once it ended this long ago: readers of the last minutes (the alert engine's
 * 15-minute PV window, the sources' 5-minute report rate) read raw rows only, and a writer whose clock
 * is behind the leader's by less than this (less REPORT_ROWS_GRACE_MS) still sees the hour as closed
 * before it is packed.
 */
export const PACK_AFTER_MS = 20 * 60_000;

/**
 * How long after its end an hour's reports still go in as report rows (series-writer.ts), like the open
 * hour's. At every hour's end the reports in flight (a round of the whole fleet: 244,500 samples of
 * 10,000 plants in the cluster bench) were late: written as a row a sample, each plant's checked one by
 * one for packed blocks and redelivered rows, and from then on every plant had sample rows to look into
 * for a power sample's hold. No hour is packed this soon, so they need none of that.
 */
export const REPORT_ROWS_GRACE_MS = 2 * 60_000;
/** Hours of one thing packed in one transaction: short enough that its late samples wait little for it. */
export const PACK_HOURS = 6;
/** A block of the open day takes the next hours too while it holds fewer samples than an hour at 5 s. */
const EXTEND_BELOW = 720;

export interface PackResult {
  /** Blocks written (new or with samples added). */
  blocks: number;
  samples: number;
  /** Days of a series whose hour blocks became one. */
  days: number;
}

/** A block of one series as packing rebuilds it: what was stored, and the samples it takes now. */
interface OpenBlock {
  start: number;
  end: number;
  count: number;
  data: Uint8Array | undefined;
  added: PackedSample[];
}

const BLOCK_COLUMNS = {
  thing_name: 'text',
  metric_key: 'text',
  period_start: 'bigint',
  period_end: 'bigint',
  sample_count: 'integer',
  first_ts: 'bigint',
  last_ts: 'bigint',
  data: 'bytea',
} as const;

/** `before` with the samples of `added` at times it does not have (a packed time keeps its value, as the raw table keeps the first of two). */
function mergedSamples(before: readonly PackedSample[], added: readonly PackedSample[]): PackedSample[] {
  const seen = new Set(before.map((s) => s.ts));
  return [...before, ...added.filter((s) => !seen.has(s.ts))].sort((a, b) => a.ts - b.ts);
}

/** Writes blocks of a thing's series, new or replacing the stored block of their period, in one statement. */
async function writeBlocks(trx: Kysely<Database>, rows: readonly ReturnType<typeof blockRow>[]): Promise<void> {
  if (rows.length === 0) return;
  await insertRows(trx, 'metric_blocks', BLOCK_COLUMNS, rows, (insert) =>
    insert.onConflict((oc) =>
      oc.columns(['thing_name', 'metric_key', 'period_start']).doUpdateSet((eb) => ({
        period_end: eb.ref('excluded.period_end'),
        sample_count: eb.ref('excluded.sample_count'),
        first_ts: eb.ref('excluded.first_ts'),
        last_ts: eb.ref('excluded.last_ts'),
        data: eb.ref('excluded.data'),
      })),
    ),
  );
}

/**
 * Places one series' samples (in time order) in the block that holds each (its packed hour or day),
 * else in the day's latest block when that is still small and ends before it (a sparse series then
 * grows one block a day instead of a small one an hour), else in a new hour block.
 */
function place(blocks: OpenBlock[], samples: readonly PackedSample[]): void {
  for (const sample of samples) {
    let block = blocks.find((b) => b.start <= sample.ts && sample.ts < b.end);
    if (!block) {
      const hour = blockStart(sample.ts);
      const latest = blocks.filter((b) => b.start < hour && dayBlockStart(b.start) === dayBlockStart(hour)).at(-1);
      if (latest && latest.count + latest.added.length < EXTEND_BELOW) {
        latest.end = hour + BLOCK_MS;
        block = latest;
      } else {
        block = { start: hour, end: hour + BLOCK_MS, count: 0, data: undefined, added: [] };
        blocks.push(block);
        blocks.sort((a, b) => a.start - b.start);
      }
    }
    block.added.push(sample);
  }
}

/**
 * The samples of the thing's report rows and of its keys' metric_samples rows in [from, to), deleted,
 * per key in time order (a time in both tables once, the report row's value).
 */
async function takeRaw(trx: Kysely<Database>, thingName: string, metricKeys: readonly string[], from: number, to: number) {
  const reports = await trx
    .deleteFrom('metric_reports')
    .where('thing_name', '=', thingName)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .returning(['ts', 'metric_keys', 'metric_values'])
    .execute();
  const rows =
    metricKeys.length === 0
      ? []
      : await trx
          .deleteFrom('metric_samples')
          .where('thing_name', '=', thingName)
          .where('metric_key', 'in', metricKeys)
          .where('ts', '>=', from)
          .where('ts', '<', to)
          .returning(['metric_key', 'ts', 'value'])
          .execute();
  const decoder = new ReportDecoder();
  const moved = reports.flatMap((r) => decoder.samples(r).map((s) => ({ metric_key: s.metricKey, ts: Number(r.ts), value: s.value })));
  moved.push(...rows.map((row) => ({ metric_key: row.metric_key, ts: Number(row.ts), value: Number(row.value) })));
  const samplesOf = groupedBy(
    moved,
    (row) => row.metric_key,
    (row): PackedSample => ({ ts: row.ts, value: row.value }),
  );
  for (const [key, samples] of samplesOf) {
    // stable: of two samples at one time the report row's, listed first, stays
    samples.sort((a, b) => a.ts - b.ts);
    samplesOf.set(
      key,
      samples.filter((s, i) => i === 0 || samples[i - 1]!.ts !== s.ts),
    );
  }
  return samplesOf;
}

/** Packs one batch of one thing: the raw samples of all its series in the hours [from, to). */
async function packBatch(
  db: Kysely<Database>,
  thingName: string,
  metricKeys: readonly string[],
  from: number,
  to: number,
): Promise<PackResult> {
  return inTransaction(db, async (trx) => {
    await lockSeriesOf(trx, [thingName]);
    const samplesOf = await takeRaw(trx, thingName, metricKeys, from, to);
    if (samplesOf.size === 0) return { blocks: 0, samples: 0, days: 0 };
    const stored = await trx
      .selectFrom('metric_blocks')
      .select(['metric_key', 'period_start', 'period_end', 'sample_count', 'data'])
      .where('thing_name', '=', thingName)
      .where('metric_key', 'in', [...samplesOf.keys()])
      .where('period_start', '>=', dayBlockStart(from))
      .where('period_start', '<', to)
      .orderBy('metric_key')
      .orderBy('period_start')
      .execute();
    const blocksOf = groupedBy(
      stored,
      (b) => b.metric_key,
      (b): OpenBlock => ({ start: Number(b.period_start), end: Number(b.period_end), count: b.sample_count, data: b.data, added: [] }),
    );
    let added = 0;
    const rows: ReturnType<typeof blockRow>[] = [];
    for (const [metricKey, samples] of samplesOf) {
      const blocks = blocksOf.get(metricKey) ?? [];
      place(blocks, samples);
      for (const block of blocks) {
        if (block.added.length === 0) continue;
        const before = block.data ? unpackBlock(block.data) : [];
        const all = mergedSamples(before, block.added);
        added += all.length - before.length;
        rows.push(blockRow(thingName, metricKey, block, all));
      }
    }
    await writeBlocks(trx, rows);
    return { blocks: rows.length, samples: added, days: 0 };
  });
}

/**
 * Makes one block of each series of the thing that has several hour blocks in each closed UTC day of
 * [from, to), in one transaction per day (the hour blocks go, the day blocks come). Answers the series-days.
 */
async function compactDays(db: Kysely<Database>, thingName: string, from: number, to: number): Promise<number> {
  let days = 0;
  for (let day = from; day < to; day += DAY_BLOCK_MS) {
    days += await inTransaction(db, async (trx) => {
      await lockSeriesOf(trx, [thingName]);
      const hours = await trx
        .selectFrom('metric_blocks')
        .select(['metric_key', 'period_start', 'data'])
        .where('thing_name', '=', thingName)
        .where('period_start', '>=', day)
        .where('period_start', '<', day + DAY_BLOCK_MS)
        .orderBy('metric_key')
        .orderBy('period_start')
        .execute();
      const blocksOf = groupedBy(
        hours,
        (h) => h.metric_key,
        (h) => h.data,
      );
      const split = [...blocksOf].filter(([, blocks]) => blocks.length > 1);
      if (split.length === 0) return 0;
      await trx
        .deleteFrom('metric_blocks')
        .where('thing_name', '=', thingName)
        .where(
          'metric_key',
          'in',
          split.map(([key]) => key),
        )
        .where('period_start', '>=', day)
        .where('period_start', '<', day + DAY_BLOCK_MS)
        .execute();
      await writeBlocks(
        trx,
        split.map(([metricKey, blocks]) =>
          blockRow(
            thingName,
            metricKey,
            { start: day, end: day + DAY_BLOCK_MS },
            blocks.flatMap((data) => unpackBlock(data)),
          ),
        ),
      );
      return split.length;
    });
  }
  return days;
}

const KEY_COLUMNS = { metric_key: 'text' } as const;

/** For each of the thing's series, its first raw sample before `cutoff`, in one statement (an index descent a series). */
async function firstRawOf(
  db: Kysely<Database>,
  thingName: string,
  metricKeys: readonly string[],
  cutoff: number,
): Promise<Map<string, number>> {
  const first = new Map<string, number>();
  for (let i = 0; i < metricKeys.length; i += 500) {
    const keys = metricKeys.slice(i, i + 500).map((metric_key) => ({ metric_key }));
    const { rows } = await sql<{ metric_key: string; ts: number | string | null }>`
      with series (metric_key) as (${rowsQuery(db, KEY_COLUMNS, keys)})
      select k.metric_key,
        (select min(s.ts) from metric_samples s where s.thing_name = ${thingName} and s.metric_key = k.metric_key and s.ts < ${cutoff}) as ts
      from series k`.execute(db);
    for (const row of rows) if (row.ts !== null) first.set(row.metric_key, Number(row.ts));
  }
  return first;
}

/** The time of the thing's first report row before `cutoff`, if it has one. */
async function firstReportOf(db: Kysely<Database>, thingName: string, cutoff: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('metric_reports')
    .select('ts')
    .where('thing_name', '=', thingName)
    .where('ts', '<', cutoff)
    .orderBy('ts')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.ts) : undefined;
}

/** Every thing's series, in name order: the month roll-ups name every series with samples, in a few rows each. */
export async function seriesByThing(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const series = await db
    .selectFrom('metric_rollups')
    .select(['thing_name', 'metric_key'])
    .distinct()
    .where('granularity', '=', 'month')
    .orderBy('thing_name')
    .orderBy('metric_key')
    .execute();
  return groupedBy(
    series,
    (s) => s.thing_name,
    (s) => s.metric_key,
  );
}

/**
 * Packs every raw sample older than the closed hours before `now` (less PACK_AFTER_MS), thing by
 * thing; `shouldStop` is asked between batches (a stopping server ends after the batch under way).
 */
export async function packClosedHours(db: Kysely<Database>, now: number, shouldStop: () => boolean = () => false): Promise<PackResult> {
  const cutoff = blockStart(now - PACK_AFTER_MS);
  const keysOf = await seriesByThing(db);
  const total: PackResult = { blocks: 0, samples: 0, days: 0 };
  const closedDays = dayBlockStart(cutoff);
  for (const [thingName, metricKeys] of keysOf) {
    let firstPacked: number | undefined;
    for (;;) {
      if (shouldStop()) return total;
      const first = await firstRawOf(db, thingName, metricKeys, cutoff);
      const firstReport = await firstReportOf(db, thingName, cutoff);
      if (first.size === 0 && firstReport === undefined) break;
      const from = blockStart(Math.min(...first.values(), firstReport ?? Number.POSITIVE_INFINITY));
      firstPacked ??= from;
      const done = await packBatch(db, thingName, [...first.keys()], from, Math.min(cutoff, from + PACK_HOURS * BLOCK_MS));
      total.blocks += done.blocks;
      total.samples += done.samples;
    }
    // the days this run packed hours of, and the day that has just closed
    if (firstPacked !== undefined)
      total.days += await compactDays(db, thingName, Math.min(dayBlockStart(firstPacked), closedDays - DAY_BLOCK_MS), closedDays);
  }
  return total;
}

export const PACKING_JOB = 'series-packing';

export interface RunningPacker {
  stop(options?: { release?: boolean }): Promise<void>;
  settled(): Promise<void>;
}

/** Packs closed hours every `intervalMs` (default 10 minutes) on the replica that leads the job. */
export function startSeriesPacking(opts: {
  db: Kysely<Database>;
  log: { info(message: string): void; error(message: string): void };
  intervalMs?: number;
  leaseTtlMs?: number;
  holder?: string;
  clock?: JobClock;
  after?: Promise<unknown>;
}): RunningPacker {
  let stopping = false;
  const job = startLeaderJob({
    db: opts.db,
    name: PACKING_JOB,
    everyMs: opts.intervalMs ?? 10 * 60_000,
    ttlMs: opts.leaseTtlMs,
    holder: opts.holder,
    clock: opts.clock,
    after: opts.after,
    log: opts.log,
    work: async (now) => {
      const { blocks, samples, days } = await packClosedHours(opts.db, now, () => stopping);
      if (samples > 0) opts.log.info(`time series: packed ${samples} samples into ${blocks} blocks, ${days} days made one block each`);
    },
  });
  return {
    settled: () => job.settled(),
    stop: (options) => {
      stopping = true;
      return job.stop(options);
    },
  };
}
