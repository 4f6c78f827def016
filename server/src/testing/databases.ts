// Real databases for server test suites: a fresh SQLite file, and a fresh PostgreSQL database when a
// server answers at PG_TEST_URL. Suites run the same tests on both; PostgreSQL is skipped, loudly, when
// absent (tools/jest/global-setup.js probes once a run and says so; HELIO_TEST_PG carries its answer).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../db';
import { migrateToLatest } from '../db/migrations';
import type { Database } from '../db/schema';

export const PG_TEST_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The URL each test database was opened at, for a child process that opens it too. */
const urls = new WeakMap<Kysely<Database>, string>();

/** The URL `db` (a test database) was opened at. */
export function testDatabaseUrl(db: Kysely<Database>): string {
  const url = urls.get(db);
  if (!url) throw new Error('not a test database');
  return url;
}

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** A fresh, migrated database; every call gives a new one. */
  create(): Promise<Kysely<Database>>;
  /** A fresh database with no tables at all (for migration tests). */
  createEmpty(): Promise<Kysely<Database>>;
  /** Closes and deletes every database this target created. */
  destroy(): Promise<void>;
}

function pgAddress(): { host: string; port: number } {
  const url = new URL(PG_TEST_URL);
  return { host: url.hostname || '127.0.0.1', port: Number(url.port || 5432) };
}

function skipNotice(): void {
  process.stderr.write(`PostgreSQL not reachable at ${PG_TEST_URL}: PostgreSQL suites skipped\n`);
}

async function postgresReachable(): Promise<boolean> {
  const { host, port } = pgAddress();
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** The same probe, synchronously, for `describe.each` (jest collects tests synchronously). */
function postgresReachableSync(): boolean {
  const { host, port } = pgAddress();
  const probe = `const s=require('net').connect({host:${JSON.stringify(host)},port:${port},timeout:1500});
    s.once('connect',()=>process.exit(0));s.once('timeout',()=>process.exit(1));s.once('error',()=>process.exit(1));`;
  try {
    execFileSync(process.execPath, ['-e', probe], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/** This jest run (tools/jest/global-setup.js names it) and worker: the names of their templates and databases. */
const RUN = process.env.HELIO_TEST_RUN ?? String(process.ppid);
const WORKER = process.env.JEST_WORKER_ID ?? '0';

/**
 * Each suite gets a copy of a database migrated once per worker (SQLite) or once per run
 * (PostgreSQL), instead of running every migration again: a fresh migrated database costs a file copy
 * or a CREATE DATABASE … TEMPLATE rather than some 70 migrations.
 */
let sqliteTemplate: Promise<string> | undefined;

function sqliteTemplateFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = path.join(os.tmpdir(), `helio-test-template-${RUN}-${WORKER}.db`);
    if (fs.existsSync(file)) return file;
    const building = `${file}.${process.pid}.building`;
    const db = await createDatabase(`sqlite://${building}`);
    await migrateToLatest(db);
    await db.destroy(); // closing checkpoints the WAL into the file
    fs.renameSync(building, file);
    return file;
  })();
  return sqliteTemplate;
}

function sqliteTarget(): TestDatabase {
  const opened: Array<{ db: Kysely<Database>; dir: string }> = [];
  const open = async (migrated: boolean) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-test-'));
    const file = path.join(dir, 'helio.db');
    if (migrated) fs.copyFileSync(await sqliteTemplateFile(), file);
    const db = await createDatabase(`sqlite://${file}`);
    urls.set(db, `sqlite://${file}`);
    opened.push({ db, dir });
    return db;
  };
  return {
    name: 'sqlite',
    create: () => open(true),
    createEmpty: () => open(false),
    async destroy() {
      for (const { db, dir } of opened.splice(0)) {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

const pgBase = () => new URL(PG_TEST_URL).pathname.slice(1) || 'postgres';
const pgUrlOf = (database: string) => {
  const url = new URL(PG_TEST_URL);
  url.pathname = `/${database}`;
  return url.toString();
};

/**
 * `background`: the connection does not keep the process alive (its socket is unref'd), so a worker
 * that ends while a drop is under way exits at once instead of being force-exited by jest.
 */
async function withPgAdmin<T>(work: (client: pg.Client) => Promise<T>, { background = false } = {}): Promise<T> {
  const unrefSocket = () => new net.Socket().unref(); // applied once it connects
  const client = new pg.Client({ connectionString: PG_TEST_URL, ...(background ? { stream: unrefSocket } : {}) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The run's migrated PostgreSQL template, made by whichever worker asks first (an advisory lock keeps
 * the other waiting), under a building name renamed once complete, so a worker that dies meanwhile
 * leaves no half-migrated template behind. Its databases are named `<db>_worker_<run>_…`, which
 * tools/jest/pg-cleanup.js drops at the end of the run.
 */
let pgTemplate: Promise<string> | undefined;

function pgTemplateName(): Promise<string> {
  pgTemplate ??= withPgAdmin(async (client) => {
    const name = `${pgBase()}_worker_${RUN}_template`;
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount) return name;
      const building = `${name}_building`;
      await client.query(`drop database if exists "${building}"`);
      await client.query(`create database "${building}"`);
      const db = await createDatabase(pgUrlOf(building));
      await migrateToLatest(db);
      await db.destroy();
      await client.query(`alter database "${building}" rename to "${name}"`);
      return name;
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return pgTemplate;
}

function postgresTarget(): TestDatabase {
  const opened: Array<{ db: Kysely<Database>; name: string }> = [];
  const open = async (migrated: boolean) => {
    const name = `${pgBase()}_worker_${RUN}_${WORKER}_${randomBytes(6).toString('hex')}`;
    const template = migrated ? await pgTemplateName() : 'template0';
    await withPgAdmin((c) => c.query(`create database "${name}" template "${template}"`));
    const db = await createDatabase(pgUrlOf(name));
    urls.set(db, pgUrlOf(name));
    opened.push({ db, name });
    return db;
  };
  return {
    name: 'postgres',
    create: () => open(true),
    createEmpty: () => open(false),
    async destroy() {
      const names: string[] = [];
      for (const { db, name } of opened.splice(0)) {
        await db.destroy();
        names.push(name);
      }
      // Dropped in the background: a drop waits for a checkpoint (half a second), and whatever is
      // left when the worker ends is dropped with the run (tools/jest/pg-cleanup.js).
      if (names.length > 0)
        void withPgAdmin(
          async (c) => {
            for (const name of names) await c.query(`drop database if exists "${name}" with (force)`);
          },
          { background: true },
        ).catch(() => undefined);
    },
  };
}

/** The run's probe (global-setup.js), or this process's own when jest runs without it. */
function postgresAnswers(probe: () => boolean): boolean {
  const known = process.env.HELIO_TEST_PG;
  if (known === 'on' || known === 'off') return known === 'on';
  const reachable = probe();
  if (!reachable) skipNotice();
  return reachable;
}

export async function testDatabases(): Promise<TestDatabase[]> {
  const reachable = process.env.HELIO_TEST_PG === undefined ? await postgresReachable() : process.env.HELIO_TEST_PG === 'on';
  return postgresAnswers(() => reachable) ? [sqliteTarget(), postgresTarget()] : [sqliteTarget()];
}

/** Synchronous variant for `describe.each(databaseTargets())('$name', …)`. */
export function databaseTargets(): TestDatabase[] {
  return postgresAnswers(postgresReachableSync) ? [sqliteTarget(), postgresTarget()] : [sqliteTarget()];
}
