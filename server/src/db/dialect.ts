// Which engine a database runs on, in a leaf module: migrations ask it without importing the
// database module that lists them.
import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';

export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * `column` is one of `values`, as one parameter however many values: on PostgreSQL an array
 * (`= any($1::text[])`), on SQLite a JSON array. The statement's text stays the same for any count
 * (`in ($1, …, $1000)` is a new statement for each), and SQLite's limit of bound parameters is never met.
 */
export function isOneOf<DB>(db: Kysely<DB>, column: string, values: readonly string[]): RawBuilder<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} = any(${[...values]}::text[])`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`;
}

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` already is one (Kysely does not
 * nest them). A change and its audit entry commit together this way, whoever opened the transaction.
 */
export function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** PostgreSQL's answers when a transaction could not be serialised with a concurrent one: tried again from the start. */
const SERIALIZATION_FAILURES = new Set(['40001', '40P01']);

/**
 * Runs `work` in one transaction whose statements all see the same snapshot: PostgreSQL's REPEATABLE
 * READ (SQLite's transactions run one at a time). A transaction that PostgreSQL cannot serialise with
 * a concurrent one (it changed a row this one changes, or a deadlock) is run again from the start, at
 * most `tries` times, so `work` must be safe to repeat: everything it did was rolled back.
 */
export async function inSnapshotTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>, tries = 5): Promise<T> {
  if (!isPostgres(db)) return db.transaction().execute(work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('repeatable read').execute(work);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= tries || typeof code !== 'string' || !SERIALIZATION_FAILURES.has(code)) throw error;
      // apart at random, so two that collided do not collide again
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
    }
  }
}
