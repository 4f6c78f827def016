// A PostgreSQL handle that keeps its pg pool, for the hot lookups that run as named prepared statements
// (reused-query.ts): PostgreSQL then parses and plans them once per connection, not on every request.
// createDatabase opens one; a transaction or any other handle made from it is a plain Kysely.
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema';

export class PostgresDatabase extends Kysely<Database> {
  constructor(readonly pool: pg.Pool) {
    super({ dialect: new PostgresDialect({ pool }) });
  }
}
