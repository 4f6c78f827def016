// Packs the raw samples of closed hours into blocks (stored-samples.ts, block-codec.ts): a leader job
// that, series by series, moves up to PACK_HOURS hours at a time from metric_samples into metric_blocks
// in one transaction, and makes the hour blocks of each closed UTC day one day block. The rows are deleted first and the block is built from what the delete returned,
// so a sample committed by a writer meanwhile is either among them or stays raw for the next run:
// nothing is lost, and a crash rolls the whole transaction back, so nothing is packed twice. A late
// sample for an hour already packed is merged into its block the next time round. The same job works
// through an upgraded database's whole history, batch after batch, while ingest goes on.
import type { Kysely } from 'kysely';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { startLeaderJob, type JobClock } from '../jobs/leader-job';
import { unpackBlock, type PackedSample } from './block-codec';
import { blockRow, blockStart, BLOCK_MS, DAY_BLOCK_MS, dayBlockStart, lockSeriesOf } from './stored-samples';

/**
 * An hour is packed once it ended this long ago: readers of the last minutes (the alert engine's
 * 15-minute PV window, the sources' 5-minute report rate) read raw rows only, and a writer whose clock
 * is behind the leader's by less than this still sees the hour as closed before it is packed.
 */
export const PACK_AFTER_MS = 20 * 60_000;
/** Hours of one series packed in one transaction: short enough that ingest waits little for it. */
export const PACK_HOURS = 6;
/** A block of the open day takes the next hours too while it holds fewer samples than an hour at 5 s. */
const EXTEND_BELOW = 720;

export interface PackResult {
  /** Blocks written (new or with samples added). */
  blocks: number;
  samples: number;
  /** Days whose hour blocks became one. */
  days: number;
}

interface StoredBlock {
  start: number;
  end: number;
  samples: readonly PackedSample[];
}

/** `before` with the samples of `added` at times it does not have (a packed time keeps its value, as the raw table keeps the first of two). */
function mergedSamples(before: readonly PackedSample[], added: readonly PackedSample[]): PackedSample[] {
  const seen = new Set(before.map((s) => s.ts));
  return [...before, ...added.filter((s) => !seen.has(s.ts))].sort((a, b) => a.ts - b.ts);
}

async function writeBlock(trx: Kysely<Database>, thingName: string, metricKey: string, block: StoredBlock): Promise<void> {
  const row = blockRow(thingName, metricKey, block, block.samples);
  await trx
    .insertInto('metric_blocks')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['thing_name', 'metric_key', 'period_start']).doUpdateSet({
        period_end: row.period_end,
        sample_count: row.sample_count,
        first_ts: row.first_ts,
        last_ts: row.last_ts,
        data: row.data,
      }),
    )
    .execute();
}

/**
 * Packs one batch of one series: the hours in [from, to), each into the block that holds it (its packed
 * hour or day), else into the day's latest block when that is still small and ends before it (a sparse
 * series then grows one block a day instead of a small one an hour), else into a new hour block.
 */
async function packBatch(db: Kysely<Database>, thingName: string, metricKey: string, from: number, to: number): Promise<PackResult> {
  return inTransaction(db, async (trx) => {
    await lockSeriesOf(trx, [thingName]);
    const moved = await trx
      .deleteFrom('metric_samples')
      .where('thing_name', '=', thingName)
      .where('metric_key', '=', metricKey)
      .where('ts', '>=', from)
      .where('ts', '<', to)
      .returning(['ts', 'value'])
      .execute();
    if (moved.length === 0) return { blocks: 0, samples: 0, days: 0 };
    const stored = await trx
      .selectFrom('metric_blocks')
      .select(['period_start', 'period_end', 'sample_count', 'data'])
      .where('thing_name', '=', thingName)
      .where('metric_key', '=', metricKey)
      .where('period_start', '>=', dayBlockStart(from))
      .where('period_start', '<', to)
      .orderBy('period_start')
      .execute();
    const blocks = stored.map((b) => ({
      start: Number(b.period_start),
      end: Number(b.period_end),
      count: b.sample_count,
      data: b.data as Uint8Array | undefined,
      added: [] as PackedSample[],
    }));
    const samples = moved.map((row) => ({ ts: Number(row.ts), value: Number(row.value) })).sort((a, b) => a.ts - b.ts);
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
    let added = 0;
    let written = 0;
    for (const block of blocks) {
      if (block.added.length === 0) continue;
      const before = block.data ? unpackBlock(block.data) : [];
      const all = mergedSamples(before, block.added);
      added += all.length - before.length;
      written++;
      await writeBlock(trx, thingName, metricKey, { start: block.start, end: block.end, samples: all });
    }
    return { blocks: written, samples: added, days: 0 };
  });
}

/**
 * Makes one block of each closed UTC day in [from, to) that has several hour blocks of the series, in
 * one transaction per day (the hour blocks go, the day block comes).
 */
async function compactDays(db: Kysely<Database>, thingName: string, metricKey: string, from: number, to: number): Promise<number> {
  let days = 0;
  for (let day = from; day < to; day += DAY_BLOCK_MS) {
    const compacted = await inTransaction(db, async (trx) => {
      await lockSeriesOf(trx, [thingName]);
      const hours = await trx
        .selectFrom('metric_blocks')
        .select(['period_start', 'period_end', 'data'])
        .where('thing_name', '=', thingName)
        .where('metric_key', '=', metricKey)
        .where('period_start', '>=', day)
        .where('period_start', '<', day + DAY_BLOCK_MS)
        .orderBy('period_start')
        .execute();
      if (hours.length < 2) return false;
      const samples = hours.flatMap((h) => unpackBlock(h.data));
      await trx
        .deleteFrom('metric_blocks')
        .where('thing_name', '=', thingName)
        .where('metric_key', '=', metricKey)
        .where('period_start', '>=', day)
        .where('period_start', '<', day + DAY_BLOCK_MS)
        .execute();
      await writeBlock(trx, thingName, metricKey, { start: day, end: day + DAY_BLOCK_MS, samples });
      return true;
    });
    if (compacted) days++;
  }
  return days;
}

/**
 * Packs every raw sample older than the closed hours before `now` (less PACK_AFTER_MS), series by
 * series; `shouldStop` is asked between batches (a stopping server ends after the batch under way).
 */
export async function packClosedHours(db: Kysely<Database>, now: number, shouldStop: () => boolean = () => false): Promise<PackResult> {
  const cutoff = blockStart(now - PACK_AFTER_MS);
  // The month roll-ups name every series with samples in a few rows each (as retention reads them).
  const series = await db
    .selectFrom('metric_rollups')
    .select(['thing_name', 'metric_key'])
    .distinct()
    .where('granularity', '=', 'month')
    .orderBy('thing_name')
    .orderBy('metric_key')
    .execute();
  const total: PackResult = { blocks: 0, samples: 0, days: 0 };
  const closedDays = dayBlockStart(cutoff);
  for (const { thing_name: thingName, metric_key: metricKey } of series) {
    let firstPacked: number | undefined;
    for (;;) {
      if (shouldStop()) return total;
      const first = await db
        .selectFrom('metric_samples')
        .select((eb) => eb.fn.min('ts').as('ts'))
        .where('thing_name', '=', thingName)
        .where('metric_key', '=', metricKey)
        .where('ts', '<', cutoff)
        .executeTakeFirst();
      if (first?.ts === null || first?.ts === undefined) break;
      const from = blockStart(Number(first.ts));
      firstPacked ??= from;
      const done = await packBatch(db, thingName, metricKey, from, Math.min(cutoff, from + PACK_HOURS * BLOCK_MS));
      total.blocks += done.blocks;
      total.samples += done.samples;
    }
    // the days this run packed hours of, and the day that has just closed
    if (firstPacked !== undefined)
      total.days += await compactDays(
        db,
        thingName,
        metricKey,
        Math.min(dayBlockStart(firstPacked), closedDays - DAY_BLOCK_MS),
        closedDays,
      );
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
