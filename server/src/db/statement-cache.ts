// Kysely's SQLite driver calls prepare() for every query it runs. Compiling the same SQL again costs
// more than running a primary-key lookup, so this keeps the most recently used statements by their
// text (least recently used goes first). A statement binds its parameters anew on every call, and
// SQLite re-prepares it by itself after a schema change, so reuse changes no result.
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export interface PreparingDatabase {
  prepare(sql: string): SqliteStatement;
  close(): unknown;
}

/** Statements kept; the app runs a few hundred distinct ones. */
export const STATEMENT_CACHE_SIZE = 500;
/** Longer SQL is a bulk write with many rows: rarely repeated, and its compilation is not what it costs. */
export const MAX_CACHED_SQL_LENGTH = 8192;

export function withStatementCache(database: PreparingDatabase, capacity = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (sql.length <= MAX_CACHED_SQL_LENGTH) {
        statements.set(sql, statement);
        if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
