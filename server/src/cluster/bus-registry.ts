// Which cluster bus a database handle's replica uses. Code that announces an event (a revoked session,
// a disabled user) has the database handle at hand, not the server's wiring, so the bus is found by
// the handle: one bus per handle, i.e. per replica, even when tests run two replicas in one process.
// A handle nobody started a bus for gets the in-process one.
import type { Kysely } from 'kysely';
import { isPostgres } from '../db';
import type { Database } from '../db/schema';
import { InProcessBus, type ClusterBus } from './bus';
import { PgBus, type BusLog } from './pg-bus';

const buses = new WeakMap<Kysely<Database>, ClusterBus>();

export function clusterBusOf(db: Kysely<Database>): ClusterBus {
  // A transaction may still roll back; what happened is announced after it commits, on the handle.
  if (db.isTransaction) throw new Error('announce cluster events after the transaction, on the database handle');
  let bus = buses.get(db);
  if (!bus) buses.set(db, (bus = new InProcessBus(undefined, !isPostgres(db))));
  return bus;
}

/**
 * Starts this replica's bus for the database: LISTEN/NOTIFY on PostgreSQL (its own connection to `url`,
 * the URL `db` was opened with), in-process on SQLite. Call once, before the routes and device services
 * that use it; close it after them.
 */
export async function startClusterBus(db: Kysely<Database>, url: string, log: BusLog): Promise<ClusterBus> {
  if (buses.has(db)) throw new Error('start the cluster bus before anything uses it');
  const bus: ClusterBus = isPostgres(db)
    ? await PgBus.start({ db, url, log })
    : new InProcessBus((error) => log.error(`cluster bus: a listener failed: ${String(error)}`), !isPostgres(db));
  buses.set(db, bus);
  return bus;
}
