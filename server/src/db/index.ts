// Opens the database named by a URL (sqlite:// file or postgres://) and migrates it. Both engines run
// the same migrations; the differences (pragmas, pool, integer parsing) are confined to this file.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { withStatementCache, type PreparingDatabase } from './statement-cache';
import { ensurePrivateFile, PRIVATE_DIR_MODE, tightenSqliteFiles } from './private-files';
import { PostgresDatabase } from './postgres-database';
import { PreparingClient } from './preparing-client';

export type DatabaseKind = 'sqlite' | 'postgres';

export function databaseKindOf(url: string): DatabaseKind {
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  if (url.startsWith('sqlite:')) return 'sqlite';
  throw new Error(`Unsupported database URL "${url}": use sqlite://<file> or postgres://…`);
}

/** `sqlite:///abs/file.db`, `sqlite://relative.db`, `sqlite::memory:` → a file path or ':memory:'. */
export function sqliteFileOf(url: string): string {
  const rest = url.replace(/^sqlite:(\/\/)?/, '');
  return rest === ':memory:' || rest === '' ? ':memory:' : path.resolve(rest);
}

function openSqlite(url: string, busyTimeoutMs: number): Kysely<Database> {
  const file = sqliteFileOf(url);
  if (file !== ':memory:') {
    // a directory made here is private; an existing one (which may be shared, like /tmp) is left alone
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    ensurePrivateFile(file);
  }
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  if (file !== ':memory:') tightenSqliteFiles(file);
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  database.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqliteTransactions(database)) }) });
}

/**
 * How Kysely's transactions meet SQLite:
 * - BEGIN is BEGIN IMMEDIATE: a transaction takes the write lock at its start, waiting up to the busy
 *   timeout for another process's writer (the release CLI, a backup). A deferred one that read first
 *   and then wrote after another process had committed failed at once with SQLITE_BUSY ("database is
 *   locked", seen on OCPP MeterValues in the journeys): SQLite cannot wait there, the read is stale.
 *   The server is one connection, so inside it this changes nothing.
 * - SQLite ends a transaction by itself when a statement fails with SQLITE_FULL (or an I/O error);
 *   the ROLLBACK Kysely sends next would then fail ("no transaction is active") and replace the error
 *   that says what happened. With no transaction left, that ROLLBACK does nothing instead.
 */
function sqliteTransactions(database: SQLite.Database): PreparingDatabase {
  const nothing = { reader: false, all: () => [], run: () => ({ changes: 0, lastInsertRowid: 0 }), iterate: () => [][Symbol.iterator]() };
  const prepare = (text: string) => {
    if (/^\s*begin\s*;?\s*$/i.test(text)) return database.prepare('begin immediate');
    return /^\s*rollback\s*;?\s*$/i.test(text) && !database.inTransaction ? nothing : database.prepare(text);
  };
  return { prepare, close: () => database.close() } as PreparingDatabase;
}

// int8 (bigint, count(*)) arrives as a string from pg by default; parse it as a number so rows look the
// same as on SQLite. Safe for what we store there: epoch milliseconds and counts.
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * pg's pool resolves `end()` once it has asked its connections to close, before they have: a database
 * dropped or a server stopped right then (a test's teardown, a shutdown) still ends their backends, and
 * each connection reported that as an error. This one resolves when every connection has closed, and a
 * connection being closed on purpose reports nothing.
 */
const CLOSE_WAIT_MS = 5000;

class ClosingPool extends pg.Pool {
  private readonly open = new Set<pg.PoolClient>();

  constructor(config: pg.PoolConfig) {
    super(config);
    // An idle client losing its connection must not crash the process; the pool replaces it.
    this.on('error', (error) => {
      if (!this.ending) console.error(`PostgreSQL pool error: ${error.message}`);
    });
    // Nor one checked out between two statements of a transaction when PostgreSQL restarts or ends its
    // backend (57P01): pg emits that as an 'error' event on the client, which would be unhandled. The
    // statement in progress fails, and the pool drops the client when it is released.
    this.on('connect', (client) => {
      this.open.add(client);
      client.once('end', () => this.open.delete(client));
      client.on('error', (error) => {
        if (!this.ending) console.error(`PostgreSQL connection lost: ${error.message}`);
      });
    });
  }

  override async end(): Promise<void> {
    const closing = [...this.open].map((client) => new Promise((resolve) => client.once('end', resolve)));
    await super.end();
    // bounded: a connection to a server that has vanished may take a TCP timeout to close
    let timer: NodeJS.Timeout | undefined;
    const givenUp = new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS).unref()));
    await Promise.race([Promise.all(closing), givenUp]);
    clearTimeout(timer);
  }
}

function openPostgres(url: string): Kysely<Database> {
  // No JIT: it pays off for long analytical queries, and costs a fleet-wide list (10,000 plants, a
  // cost above jit_above_cost) some 20 ms of compiling for a query that runs in less than 100.
  // Statements sent again run prepared (preparing-client.ts).
  const pool = new ClosingPool({ connectionString: url, types: pgTypes, max: 10, options: '-c jit=off', Client: PreparingClient });
  return new PostgresDatabase(pool);
}

/**
 * Opens the database of `url`. On SQLite, a statement finding another process writing waits up to
 * `sqliteBusyTimeoutMs` for it (the server is one connection, so this is only about other processes).
 */
export async function createDatabase(
  url: string,
  { sqliteBusyTimeoutMs = 5000 }: { sqliteBusyTimeoutMs?: number } = {},
): Promise<Kysely<Database>> {
  const kind = databaseKindOf(url);
  const db = kind === 'postgres' ? openPostgres(url) : openSqlite(url, sqliteBusyTimeoutMs);
  try {
    await sql`select 1`.execute(db); // fail at startup with the engine named, not on the first request
  } catch (error) {
    await db.destroy().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot open the ${kind} database ${redact(url)}: ${reason}`, { cause: error });
  }
  return db;
}

/** The URL without its password, for logs and banners. */
export function redact(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]+):[^@]*@/, '$1:***@');
}

export { isPostgres } from './dialect';
import { isPostgres } from './dialect';

export type { Database } from './schema';
