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
