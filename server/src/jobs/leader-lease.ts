// A leader lease: one row per periodic job in `job_leases`, naming the process that may run the job
// until the lease expires. With several server replicas over one database, each replica calls
// `acquireLease` before a run; exactly one gets `true` until the holder releases the lease or lets it
// expire (a replica that died mid-run blocks the job for at most `ttlMs`). Taking the lease is one
// upsert whose update only applies when the row is free (expired) or already ours, so two replicas
// racing cannot both win, on SQLite (writes are serialised) or PostgreSQL (the row is locked by the
// conflicting insert) alike.
//
// Periodic jobs use it through startLeaderJob (leader-job.ts), which renews the lease while the work
// runs; `withLease` is for one-off work that one replica must do.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hostname } from 'node:os';
import type { Database } from '../db/schema';

export interface JobLeaseTable {
  /** The job's name. */
  name: string;
  /** Who holds it: an instance id (host, process, random). */
  holder: string;
  /** Epoch ms after which anyone may take it. */
  expires_at: number;
  acquired_at: number;
  /** Epoch ms a periodic job's last run started (leader-job.ts); null before its first. */
  last_run_at: number | null;
}

// `Database` holds job_leases (jobs/module.ts declares it): the name stays for its callers.
type LeaseDb = Kysely<Database>;
export const leaseDb = (db: Kysely<Database>): LeaseDb => db;

let processHolder: string | undefined;
/** This process's holder name, the same for every lease it takes. */
export function instanceId(): string {
  processHolder ??= `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  return processHolder;
}

export interface Lease {
  name: string;
  holder: string;
  ttlMs: number;
}

/** Takes (or renews) the lease; true when `holder` holds it now until now + ttl. */
export async function acquireLease(db: Kysely<Database>, lease: Lease, now = Date.now()): Promise<boolean> {
  const ldb = leaseDb(db);
  await ldb
    .insertInto('job_leases')
    .values({ name: lease.name, holder: lease.holder, expires_at: now + lease.ttlMs, acquired_at: now })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          expires_at: eb.ref('excluded.expires_at'),
          acquired_at: eb.ref('excluded.acquired_at'),
        }))
        .where((eb) => eb.or([eb('job_leases.expires_at', '<=', now), eb('job_leases.holder', '=', lease.holder)])),
    )
    .execute();
  const row = await ldb.selectFrom('job_leases').select(['holder', 'expires_at']).where('name', '=', lease.name).executeTakeFirst();
  return row?.holder === lease.holder && Number(row.expires_at) === now + lease.ttlMs;
}

/** Gives the lease up at once, if `holder` still holds it. */
export async function releaseLease(db: Kysely<Database>, lease: Pick<Lease, 'name' | 'holder'>): Promise<void> {
  await leaseDb(db)
    .updateTable('job_leases')
    .set({ expires_at: 0 })
    .where('name', '=', lease.name)
    .where('holder', '=', lease.holder)
    .execute();
}

/**
 * Runs `work` only if the lease is ours. Resolves to whether it ran (and what it gave). By default the
 * lease is released afterwards (the next caller may run at once); `keep: true` leaves it held until it
 * expires, so a job that must run once per period takes it with a ttl to the period's end and every
 * other replica skips the period.
 */
export async function withLease<T>(
  db: Kysely<Database>,
  lease: Lease,
  work: () => Promise<T>,
  options: { now?: number; keep?: boolean } = {},
): Promise<{ ran: false } | { ran: true; result: T }> {
  if (!(await acquireLease(db, lease, options.now ?? Date.now()))) return { ran: false };
  let done = false;
  try {
    const result = await work();
    done = true;
    return { ran: true, result };
  } finally {
    // A failed run always lets go, so another replica can try again within the period.
    if (!options.keep || !done) await releaseLease(db, lease);
  }
}
