// Roll-up rebuilds off the request path. A history import stores its samples and, in the same
// transaction, one row per key and day that got new samples (queueRebuilds); it answers without
// rebuilding anything. A rebuilder on every replica claims the queued days of one gateway at a time
// (one UPDATE … WHERE claimed_until < now, as webhook deliveries are claimed), rebuilds exactly those
// days and their months (history-rollups.ts) in a transaction that also deletes the rows, and yields to
// the event loop between gateways, so other requests are served meanwhile. The work is proportional
// to the days imported, however far apart they lie. A rebuilder that dies leaves its claim to expire;
// the rows are rebuilt by the next one. The transaction drains the roll-up journal first, so no
// sample is counted by the rebuild and again by a later drain; on a server that journals
// (ROLLUP_JOURNAL_MS) it runs in one snapshot for that (below). Until its days are rebuilt, a chart of
// them shows the roll-ups from before the import (raw-sample granularities show the samples at once).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { inSnapshotTransaction, inTransaction, isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import type { ZoneCalendar } from '../series/calendar';
import { drainRollupJournal } from '../series/rollup-journal';
import { SeriesWriter } from '../series/series-writer';
import { rebuildDays, type RebuildWork } from './history-rollups';

/** Day rows one claim takes at most: a large import is rebuilt in several transactions. */
export const REBUILD_DAYS_PER_CLAIM = 2000;
const ROWS_PER_INSERT = 500;
/** How often a rebuilder looks for days queued by other replicas (its own imports wake it at once). */
export const REBUILD_POLL_MS = 5_000;
/** Longer than a claim's rebuild may take: a live rebuilder never loses its claim mid-work. */
const LEASE_MS = 5 * 60_000;

const rebuilders = new Set<() => void>();

/** Wakes this process's rebuilders: call it after the transaction that queued days commits. */
export function wakeRebuilders(): void {
  rebuilders.forEach((wake) => wake());
}

/** Queues the days of `samples` (the ones an import stored) for their roll-ups; answers how many key-days. */
export async function queueRebuilds(
  db: Kysely<Database>,
  thingName: string,
  calendar: ZoneCalendar,
  samples: ReadonlyArray<{ metric_key: string; ts: number }>,
  now = Date.now(),
): Promise<number> {
  const seen = new Map<string, { metric_key: string; day_bucket: number }>();
  for (const sample of samples) {
    const day = calendar.bucketStart('day', Number(sample.ts));
    seen.set(`${sample.metric_key}\u0000${day}`, { metric_key: sample.metric_key, day_bucket: day });
  }
  const rows = [...seen.values()].map((day) => ({
    id: randomUUID(),
    thing_name: thingName,
    ...day,
    queued_at: now,
    claimed_until: 0,
    claim_token: null,
  }));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto('rollup_rebuilds')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      // A day queued again while a rebuilder holds it is freed from that claim: it is rebuilt once more.
      .onConflict((oc) =>
        oc.columns(['thing_name', 'metric_key', 'day_bucket']).doUpdateSet({ queued_at: now, claimed_until: 0, claim_token: null }),
      )
      .execute();
  }
  return rows.length;
}

/** Claims up to `limit` queued days of the gateway queued longest ago; none when nothing is due. */
async function claimThing(db: Kysely<Database>, now: number, limit: number) {
  const due = await db
    .selectFrom('rollup_rebuilds')
    .select('thing_name')
    .where('claimed_until', '<', now)
    .orderBy('queued_at')
    .limit(1)
    .executeTakeFirst();
  if (!due) return undefined;
  const token = randomUUID();
  await db
    .updateTable('rollup_rebuilds')
    .set({ claimed_until: now + LEASE_MS, claim_token: token })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('rollup_rebuilds as due')
        .select('due.id')
        .where('due.thing_name', '=', due.thing_name)
        .where('due.claimed_until', '<', now)
        .orderBy('due.day_bucket')
        .limit(limit),
    )
    .where('claimed_until', '<', now)
    .execute();
  const rows = await db.selectFrom('rollup_rebuilds').select(['id', 'metric_key', 'day_bucket']).where('claim_token', '=', token).execute();
  return rows.length === 0 ? undefined : { thingName: due.thing_name, token, rows };
}

export interface RollupRebuilder {
  /** Rebuilds everything queued now (tests, a CLI); answers the buckets rebuilt. */
  runOnce(): Promise<RebuildWork>;
  stop(): Promise<void>;
}

export function startRollupRebuilder(
  opts: {
    db: Kysely<Database>;
    pollMs: number;
    log: { error(message: string): void };
    daysPerClaim?: number;
    /** The servers journal roll-ups (ROLLUP_JOURNAL_MS above 0): journal rows appear while a rebuild runs. */
    journaled?: boolean;
  },
  autostart = true,
): RollupRebuilder {
  const { db } = opts;
  let stopped = false;
  let running: Promise<RebuildWork> | undefined;

  async function drain(): Promise<RebuildWork> {
    const total: RebuildWork = { days: 0, months: 0 };
    for (;;) {
      if (stopped) return total;
      const claim = await claimThing(db, Date.now(), opts.daysPerClaim ?? REBUILD_DAYS_PER_CLAIM);
      if (!claim) return total;
      const daysByKey = new Map<string, number[]>();
      for (const row of claim.rows) daysByKey.set(row.metric_key, [...(daysByKey.get(row.metric_key) ?? []), Number(row.day_bucket)]);
      // Where batches journal while the rebuild runs, its drain and its reads of samples must see the
      // same batches: one snapshot (PostgreSQL's REPEATABLE READ, run again when a concurrent drain or
      // ingest wrote what it writes). Elsewhere no journal row appears meanwhile and live merges must
      // not make it start over: a plain transaction, as before.
      const transaction = opts.journaled ? inSnapshotTransaction : inTransaction;
      const work = await transaction(db, async (trx) => {
        // Rebuilds of one gateway take turns: a month is summed from days another rebuild may be writing.
        if (isPostgres(trx)) await trx.selectFrom('plants').select('id').where('thing_name', '=', claim.thingName).forUpdate().execute();
        // The roll-up journal first: a sample the rebuild counts is then never merged again by a later
        // drain (its journal row is gone), and one stored after the snapshot is merged by the next
        // drain into the rebuilt buckets.
        await drainRollupJournal(trx, new SeriesWriter(), { maxSamples: Number.POSITIVE_INFINITY });
        const done = await rebuildDays(trx, claim.thingName, daysByKey);
        await trx
          .deleteFrom('rollup_rebuilds')
          .where(
            'id',
            'in',
            claim.rows.map((r) => r.id),
          )
          .where('claim_token', '=', claim.token)
          .execute();
        return done;
      });
      total.days += work.days;
      total.months += work.months;
      // Let the requests waiting meanwhile in before the next gateway's days.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  const run = (): Promise<RebuildWork> => {
    running ??= drain().finally(() => {
      running = undefined;
    });
    return running;
  };
  const wake = () => {
    if (stopped) return;
    run().catch((error: unknown) => opts.log.error(`roll-up rebuild failed: ${error instanceof Error ? error.message : String(error)}`));
  };
  const timer = autostart ? setInterval(wake, opts.pollMs) : undefined;
  timer?.unref();
  if (autostart) {
    rebuilders.add(wake);
    wake();
  }
  return {
    runOnce: async () => {
      await running?.catch(() => undefined);
      return run();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      rebuilders.delete(wake);
      await running?.catch(() => undefined);
    },
  };
}
