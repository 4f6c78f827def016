// A periodic job that runs once per period however many replicas run it: every replica starts the
// same job; the one holding the job's lease (leader-lease.ts) is its leader and runs it, the others
// only try to take the lease now and then. The leader renews the lease every third of its ttl, also
// while the work runs; a leader that dies stops renewing and another replica takes over once the
// lease expires (at most `ttlMs` later). An orderly stop releases the lease, so the next replica
// takes over at its next try.
//
// When the job last ran is kept in the lease row (`last_run_at`) and claimed with one conditional
// update, so a new leader continues the period where the old one left it instead of running at once
// a second time.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { acquireLease, instanceId, leaseDb, releaseLease } from './leader-lease';

/** The default lease ttl: a dead leader's jobs wait at most this long (JOB_LEASE_TTL_MS). */
export const JOB_LEASE_TTL_MS = 30_000;

/** Time for a job's turns: the real one, or a test's, which fires each turn and waits for it. */
export interface JobClock {
  now(): number;
  /** Calls `turn` `ms` from now (never keeping the process alive for it). */
  after(ms: number, turn: () => Promise<void>): { cancel(): void };
}

export const REAL_CLOCK: JobClock = {
  now: () => Date.now(),
  after(ms, turn) {
    const timer = setTimeout(() => void turn(), ms);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

export interface LeaderJobOptions {
  db: Kysely<Database>;
  /** The job's name: its lease row. */
  name: string;
  /** The period: the work runs once per period. */
  everyMs: number;
  /**
   * Runs at fixed times: in every period that starts at a multiple of `everyMs` plus this offset
   * (epoch based, e.g. 20 s after each full hour). Unset: `everyMs` after the last run.
   */
  alignOffsetMs?: number;
  ttlMs?: number;
  holder?: string;
  /** The first try waits for this (e.g. the simulator's history to be written). */
  after?: Promise<unknown>;
  work: (now: number) => Promise<void>;
  log: { error(message: string): void };
  clock?: JobClock;
}

export interface LeaderJob {
  /** Whether this replica held the lease at its last try. */
  isLeader(): boolean;
  /** Resolves once the turn under way, and the run it started, have ended. */
  settled(): Promise<void>;
  /**
   * Stops trying and waits for a run in progress. `release: false` leaves the lease to expire, as a
   * process that dies does (fault tests); by default it is given up for another replica at once.
   */
  stop(options?: { release?: boolean }): Promise<void>;
}

/** Whether a run is due at `now` after the last one (undefined: never ran). */
export function isDue(lastRunAt: number | null, now: number, everyMs: number, alignOffsetMs?: number): boolean {
  if (lastRunAt === null) return true;
  if (alignOffsetMs === undefined) return now - lastRunAt >= everyMs;
  const period = (t: number) => Math.floor((t - alignOffsetMs) / everyMs);
  return period(now) > period(lastRunAt);
}

/** When the next run is due after one at `lastRunAt`. */
export function nextDue(lastRunAt: number, everyMs: number, alignOffsetMs?: number): number {
  if (alignOffsetMs === undefined) return lastRunAt + everyMs;
  return (Math.floor((lastRunAt - alignOffsetMs) / everyMs) + 1) * everyMs + alignOffsetMs;
}

/** Claims the run due at `now` for `holder`; false when it is not due or someone else claimed it. */
export async function claimRun(
  db: Kysely<Database>,
  opts: { name: string; holder: string; everyMs: number; alignOffsetMs?: number },
  now: number,
): Promise<boolean> {
  const ldb = leaseDb(db);
  const row = await ldb.selectFrom('job_leases').select(['holder', 'last_run_at']).where('name', '=', opts.name).executeTakeFirst();
  if (!row || row.holder !== opts.holder) return false;
  const last = row.last_run_at === null ? null : Number(row.last_run_at);
  if (!isDue(last, now, opts.everyMs, opts.alignOffsetMs)) return false;
  const claimed = await ldb
    .updateTable('job_leases')
    .set({ last_run_at: now })
    .where('name', '=', opts.name)
    .where('holder', '=', opts.holder)
    .where((eb) => (last === null ? eb('last_run_at', 'is', null) : eb('last_run_at', '=', last)))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export interface JobTurn {
  name: string;
  holder: string;
  ttlMs: number;
  everyMs: number;
  alignOffsetMs?: number;
}

/**
 * One try of a replica at `now`: takes or renews the lease, then claims the run if one is due. `run`
 * is true for exactly one replica per period.
 */
export async function takeTurn(db: Kysely<Database>, turn: JobTurn, now: number): Promise<{ leader: boolean; run: boolean }> {
  const leader = await acquireLease(db, turn, now);
  return { leader, run: leader && (await claimRun(db, turn, now)) };
}

export function startLeaderJob(opts: LeaderJobOptions): LeaderJob {
  const ttlMs = opts.ttlMs ?? JOB_LEASE_TTL_MS;
  // one holder per started job, so two replicas in one process (tests) are two holders too
  const holder = opts.holder ?? `${instanceId()}:${randomUUID().slice(0, 8)}`;
  const turn: JobTurn = { name: opts.name, holder, ttlMs, everyMs: opts.everyMs, alignOffsetMs: opts.alignOffsetMs };
  const renewEveryMs = Math.max(50, Math.floor(ttlMs / 3));
  const clock = opts.clock ?? REAL_CLOCK;
  let leader = false;
  let stopped = false;
  let next: { cancel(): void } | undefined;
  let beating: Promise<void> = Promise.resolve();
  let working: Promise<void> | undefined;

  const beat = async (): Promise<void> => {
    let wakeAt = clock.now() + renewEveryMs;
    try {
      const now = clock.now();
      const taken = working ? { leader: await acquireLease(opts.db, turn, now), run: false } : await takeTurn(opts.db, turn, now);
      leader = taken.leader;
      if (taken.run) {
        working = opts
          .work(now)
          .catch((error: unknown) => opts.log.error(`job ${opts.name}: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => {
            working = undefined;
          });
      }
      if (leader) {
        const row = await leaseDb(opts.db).selectFrom('job_leases').select('last_run_at').where('name', '=', opts.name).executeTakeFirst();
        if (row?.last_run_at != null)
          wakeAt = Math.min(wakeAt, Math.max(clock.now(), nextDue(Number(row.last_run_at), opts.everyMs, opts.alignOffsetMs)));
      }
    } catch (error) {
      leader = false;
      opts.log.error(`job ${opts.name}: taking the lease failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (stopped) return;
    next = clock.after(wakeAt - clock.now(), () => (beating = beat()));
  };

  beating = opts.after ? opts.after.catch(() => undefined).then(() => (stopped ? undefined : beat())) : beat(); // at once: a job stopped right after its start has still taken its first turn

  return {
    isLeader: () => leader,
    async settled() {
      await beating;
      await working;
    },
    async stop(options = {}) {
      stopped = true;
      next?.cancel();
      await beating;
      await working;
      if (options.release !== false) await releaseLease(opts.db, turn).catch(() => undefined);
    },
  };
}
