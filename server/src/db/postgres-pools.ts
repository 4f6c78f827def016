// The pg pool behind each PostgreSQL handle, for the hot lookups that run as named prepared statements
// (reused-query.ts): PostgreSQL then parses and plans them once per connection, not on every request.
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema';

const pools = new WeakMap<Kysely<Database>, pg.Pool>();

export function rememberPostgresPool(db: Kysely<Database>, pool: pg.Pool): void {
  pools.set(db, pool);
}

/** The pool of a PostgreSQL handle opened by createDatabase; undefined for SQLite and for transactions. */
export function postgresPoolOf(db: Kysely<Database>): pg.Pool | undefined {
  return pools.get(db);
}
