// Real databases for server test suites: a fresh SQLite file, and a fresh PostgreSQL schema when a
// server answers at PG_TEST_URL. Suites run the same tests on both; PostgreSQL is skipped, loudly, when absent.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../db';
import type { Database } from '../db/schema';

export const PG_TEST_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

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

function sqliteTarget(): TestDatabase {
  const opened: Array<{ db: Kysely<Database>; dir: string }> = [];
  const open = async (migrate: boolean) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-test-'));
    const db = await createDatabase(`sqlite://${path.join(dir, 'helio.db')}`);
    opened.push({ db, dir });
    if (migrate) await migrateToLatest(db);
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

/**
 * The database this jest worker's schemas live in: one per worker and run, made on first use. Kysely's
 * migrator reads the catalog of every schema of its database, by name; a schema another worker drops
 * meanwhile fails that read ("schema … does not exist"). A worker runs one suite at a time, so within
 * its own database no schema goes away under a migration.
 */
let workerDatabase: Promise<string> | undefined;

function workerDatabaseUrl(): Promise<string> {
  workerDatabase ??= (async () => {
    const worker = process.env.JEST_WORKER_ID;
    if (!worker) return PG_TEST_URL;
    const url = new URL(PG_TEST_URL);
    // Named for this jest run (its main process, set by tools/jest/global-setup.js) as well as the worker, so two
    // runs side by side (a second checkout, a bench) never share one; tools/jest/pg-cleanup.js drops them.
    const name = `${url.pathname.slice(1) || 'postgres'}_worker_${process.env.HELIO_TEST_RUN ?? process.ppid}_${worker}`;
    const client = new pg.Client({ connectionString: PG_TEST_URL });
    await client.connect();
    try {
      await client.query(`create database "${name}"`);
    } catch (error) {
      // 42P04: made by an earlier run, and reused
      if ((error as { code?: string }).code !== '42P04') throw error;
    } finally {
      await client.end();
    }
    url.pathname = `/${name}`;
    return url.toString();
  })();
  return workerDatabase;
}

function postgresTarget(): TestDatabase {
  const opened: Array<{ db: Kysely<Database>; schema: string }> = [];
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: await workerDatabaseUrl() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const open = async (migrate: boolean) => {
    const schema = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`create schema "${schema}"`));
    // search_path travels in the startup packet, so every pooled connection lands in this schema.
    const url = new URL(await workerDatabaseUrl());
    url.searchParams.set('options', `-c search_path=${schema}`);
    const db = await createDatabase(url.toString());
    opened.push({ db, schema });
    if (migrate) await migrateToLatest(db);
    return db;
  };
  return {
    name: 'postgres',
    create: () => open(true),
    createEmpty: () => open(false),
    async destroy() {
      const schemas: string[] = [];
      for (const { db, schema } of opened.splice(0)) {
        await db.destroy();
        schemas.push(schema);
      }
      if (schemas.length > 0) {
        await admin(async (c) => {
          for (const schema of schemas) await c.query(`drop schema if exists "${schema}" cascade`);
        });
      }
    },
  };
}

export async function testDatabases(): Promise<TestDatabase[]> {
  if (await postgresReachable()) return [sqliteTarget(), postgresTarget()];
  skipNotice();
  return [sqliteTarget()];
}

/** Synchronous variant for `describe.each(databaseTargets())('$name', …)`. */
export function databaseTargets(): TestDatabase[] {
  if (postgresReachableSync()) return [sqliteTarget(), postgresTarget()];
  skipNotice();
  return [sqliteTarget()];
}
