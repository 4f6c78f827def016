// Which engine a database runs on, in a leaf module: migrations ask it without importing the
// database module that lists them.
import { PostgresAdapter, type Kysely } from 'kysely';

export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
