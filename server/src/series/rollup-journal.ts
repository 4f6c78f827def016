// The roll-up journal (issue 38): a scaled-out server does not merge three roll-up rows (hour, day,
// month) into metric_rollups for every sample it stores. A batch of reports writes one journal row in
// its own transaction instead — the samples it stored, each with the time of its metric's sample
// before it (the hold of a power sample, found as the batch is written) — and the leader's drain job
// merges many batches at once: a live gateway reporting every 5 s then costs each of its buckets one
// upsert a drain instead of one a report. The drain deletes the rows it merges in the transaction that
// merges them, so a crash anywhere (a replica killed after its batch committed, the leader mid-drain)
// loses and repeats nothing: a row is merged exactly when it is deleted. Roll-ups then lag the samples
// by up to a drain period (ROLLUP_JOURNAL_MS); raw-sample reads do not.
import type { Kysely } from 'kysely';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { startLeaderJob } from '../jobs/leader-job';
import { heldOf } from './journal-rows';
import { PendingRollups, type RollupStore } from './pending-rollups';

/** Journal rows taken at a time (a batch each, up to REPORTS_PER_BATCH reports' samples). */
export const JOURNAL_ROWS_A_TAKE = 100;
/**
 * Samples one drain transaction gathers at most: a drain merges each bucket once whatever the batches
 * it took, so the more it takes the fewer rows it writes (a live gateway every 5 s and a drain every
 * 30 s: one row a bucket for 6 samples). The bound holds its memory (one roll-up a bucket) and its
 * transaction's length: 10,000 plants' 25 metrics for 40 s.
 */
export const SAMPLES_A_DRAIN = 2_000_000;
/** Drains one run may chain while the journal holds more (a backlog after an outage). */
const DRAINS_A_RUN = 20;
export const ROLLUP_JOURNAL_JOB = 'rollup-journal';

export interface DrainResult {
  batches: number;
  samples: number;
  /** The drain stopped at its bound of samples: the journal may hold more. */
  more: boolean;
}

/**
 * Merges journal rows into the roll-ups and deletes them, in one transaction: `maxRows` at a time until
 * the journal is empty or `maxSamples` are gathered. `more` tells whether the journal may hold more.
 */
export function drainRollupJournal(
  db: Kysely<Database>,
  writer: RollupStore,
  { maxRows = JOURNAL_ROWS_A_TAKE, maxSamples = SAMPLES_A_DRAIN }: { maxRows?: number; maxSamples?: number } = {},
): Promise<DrainResult> {
  return inTransaction(db, async (trx) => {
    const pending = new PendingRollups(writer);
    let batches = 0;
    let more = true;
    while (more && pending.samples < maxSamples) {
      // the oldest first; a row another drain took meanwhile is not returned here (deleted once)
      const taken = await trx
        .deleteFrom('rollup_journal')
        .where('id', 'in', trx.selectFrom('rollup_journal').select('id').orderBy('created_at').limit(maxRows))
        .returning('samples')
        .execute();
      more = taken.length === maxRows;
      batches += taken.length;
      for (const row of taken) await pending.add(trx, heldOf(row.samples));
    }
    const samples = pending.samples;
    await pending.write(trx);
    return { batches, samples, more };
  });
}

/**
 * The drain as a leader job: every `everyMs` it merges the journal until it is empty (or DRAINS_A_RUN
 * transactions, then the next run goes on). It runs on a server that does not journal too, so rows a
 * journaling server left behind are merged.
 */
export function startRollupDrain(opts: {
  db: Kysely<Database>;
  everyMs: number;
  log: { error(message: string): void };
  leaseTtlMs?: number;
  holder?: string;
  writer: RollupStore;
}): { stop(options?: { release?: boolean }): Promise<void> } {
  const work = async () => {
    for (let i = 0; i < DRAINS_A_RUN; i++) if (!(await drainRollupJournal(opts.db, opts.writer)).more) return;
  };
  const job = startLeaderJob({
    db: opts.db,
    name: ROLLUP_JOURNAL_JOB,
    everyMs: opts.everyMs,
    ttlMs: opts.leaseTtlMs,
    holder: opts.holder,
    log: opts.log,
    work: () => work().catch((error: unknown) => opts.log.error(`time series: roll-up journal drain failed: ${String(error)}`)),
  });
  return { stop: (options) => job.stop(options) };
}
