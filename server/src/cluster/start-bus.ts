// Starting a replica's cluster bus. main.ts starts one and passes it to the HTTP app, the device
// services and the jobs; whatever announces or hears a cluster event takes it as a dependency. Tests
// that run two replicas in one process start one bus per replica's database handle.
import type { Kysely } from 'kysely';
import { isPostgres } from '../db';
import type { Database } from '../db/schema';
import { InProcessBus, type ClusterBus } from './bus';
import { PgBus, type BusLog } from './pg-bus';

/**
 * Starts this replica's bus for the database: LISTEN/NOTIFY on PostgreSQL (its own connection to `url`,
 * the URL `db` was opened with), in-process on SQLite. Close it after what uses it.
 */
export async function startClusterBus(db: Kysely<Database>, url: string, log: BusLog): Promise<ClusterBus> {
  return isPostgres(db)
    ? PgBus.start({ db, url, log })
    : processBus(db, (error) => log.error(`cluster bus: a listener failed: ${String(error)}`));
}

/**
 * A bus that reaches this process only: SQLite's, and the default of a device service or an app started
 * without one (tests). Over PostgreSQL it vouches for nothing (other processes may write).
 */
export function processBus(db: Kysely<Database>, onListenerError?: (error: unknown) => void): ClusterBus {
  return new InProcessBus(onListenerError, !isPostgres(db));
}
