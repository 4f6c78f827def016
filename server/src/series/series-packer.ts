// Packs the raw samples of closed hours into blocks (stored-samples.ts, block-codec.ts): a leader job
// that, series by series, moves up to PACK_HOURS hours at a time from metric_samples into metric_blocks
// in one transaction. The rows are deleted first and the block is built from what the delete returned,
// so a sample committed by a writer meanwhile is either among them or stays raw for the next run:
// nothing is lost, and a crash rolls the whole transaction back, so nothing is packed twice. A late
// sample for an hour already packed is merged into its block the next time round. The same job works
// through an upgraded database's whole history, batch after batch, while ingest goes on.
import type { Kysely } from 'kysely';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { startLeaderJob, type JobClock } from '../jobs/leader-job';
import { unpackBlock, type PackedSample } from './block-codec';
import { blockRow, blockStart, BLOCK_MS, lockSeriesOf } from './stored-samples';

/**
 * An hour is packed once it ended this long ago: readers of the last minutes (the alert engine's
 * 15-minute PV window, the sources' 5-minute report rate) read raw rows only, and a writer whose clock
 * is behind the leader's by less than this still sees the hour as closed before it is packed.
 */
export const PACK_AFTER_MS = 20 * 60_000;
/** Hours of one series packed in one transaction: short enough that ingest waits little for it. */
export const PACK_HOURS = 6;

export interface PackResult {
  blocks: number;
  samples: number;
}

/** Packs one batch of one series: the hours in [from, to). */
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
    if (moved.length === 0) return { blocks: 0, samples: 0 };
    const byHour = new Map<number, PackedSample[]>();
    for (const row of moved) {
      const sample = { ts: Number(row.ts), value: Number(row.value) };
      const hour = blockStart(sample.ts);
      const list = byHour.get(hour);
      if (list) list.push(sample);
      else byHour.set(hour, [sample]);
    }
    const existing = await trx
      .selectFrom('metric_blocks')
      .select(['period_start', 'data'])
      .where('thing_name', '=', thingName)
      .where('metric_key', '=', metricKey)
      .where('period_start', 'in', [...byHour.keys()])
      .execute();
    const packed = new Map(existing.map((b) => [Number(b.period_start), unpackBlock(b.data)]));
    let samples = 0;
    for (const [hour, raw] of byHour) {
      // a time already packed keeps its packed value, as the raw table keeps the first of two
      const before = packed.get(hour) ?? [];
      const seen = new Set(before.map((s) => s.ts));
      const all = [...before, ...raw.filter((s) => !seen.has(s.ts))].sort((a, b) => a.ts - b.ts);
      samples += all.length - before.length;
      const row = blockRow(thingName, metricKey, hour, all);
      await trx
        .insertInto('metric_blocks')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['thing_name', 'metric_key', 'period_start']).doUpdateSet({
            sample_count: row.sample_count,
            first_ts: row.first_ts,
            last_ts: row.last_ts,
            data: row.data,
          }),
        )
        .execute();
    }
    return { blocks: byHour.size, samples };
  });
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
  const total: PackResult = { blocks: 0, samples: 0 };
  for (const { thing_name: thingName, metric_key: metricKey } of series) {
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
      const done = await packBatch(db, thingName, metricKey, from, Math.min(cutoff, from + PACK_HOURS * BLOCK_MS));
      total.blocks += done.blocks;
      total.samples += done.samples;
    }
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
      const { blocks, samples } = await packClosedHours(opts.db, now, () => stopping);
      if (samples > 0) opts.log.info(`time series: packed ${samples} samples into ${blocks} hour blocks`);
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
