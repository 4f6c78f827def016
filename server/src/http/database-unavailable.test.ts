// A database that cannot be used right now answers 503 with a clear message (and Retry-After),
// not a bare 500: here with the real errors of a full SQLite database and of a PostgreSQL that
// refuses connections.
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../db';
import { isDatabaseUnavailable } from '../db/unavailable';
import { installErrorHandler } from './error-handler';

describe('answers when the database cannot be used', () => {
  let app: FastifyInstance;
  const sqlite = new Database(':memory:');
  // Nothing listens on port 1: connecting is refused at once, as while PostgreSQL restarts.
  const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 2000 });

  beforeAll(async () => {
    sqlite.exec('CREATE TABLE t (v TEXT)');
    sqlite.pragma('max_page_count = 4'); // the file may not grow: the disk is "full"
    app = Fastify({ logger: false });
    installErrorHandler(app);
    app.post('/api/test/sqlite-write', async () => {
      for (let i = 0; i < 1000; i++) sqlite.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(1000));
      return { ok: true };
    });
    app.post('/api/test/pg-read', async () => (await pool.query('select 1')).rows);
    app.post('/api/test/bug', async () => {
      throw new TypeError('a bug, not the database');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
    sqlite.close();
  });

  it('answers 503 saying the disk is full when SQLite cannot grow', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/sqlite-write', payload: {} });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ error: { code: 'ServiceUnavailable', message: expect.stringMatching(/disk is full/) } });
  });

  it('answers 503 when PostgreSQL refuses connections', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/pg-read', payload: {} });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toMatch(/database is unavailable/);
  });

  it('still answers 500 to anything else', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/bug', payload: {} });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('InternalError');
  });

  it('does not take a constraint violation or a syntax error for an outage', () => {
    expect(isDatabaseUnavailable({ code: '23505', message: 'duplicate key' })).toBe(false);
    expect(isDatabaseUnavailable({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY', message: 'UNIQUE constraint failed' })).toBe(false);
    expect(isDatabaseUnavailable({ code: '57P01', message: 'terminating connection due to administrator command' })).toBe(true);
  });
});

describe('a full SQLite disk inside a transaction', () => {
  it("fails with SQLite's own error, which answers 503, not with the failed ROLLBACK after it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-full-'));
    const db = await createDatabase(`sqlite://${path.join(dir, 'full.db')}`);
    try {
      await sql`create table t (v text)`.execute(db);
      await sql`pragma max_page_count = 10`.execute(db); // the file may not grow past 10 pages
      const error = await db
        .transaction()
        .execute(async (trx) => {
          for (let i = 0; i < 100; i++) await sql`insert into t values (${'x'.repeat(2000)})`.execute(trx);
        })
        .then(
          () => undefined,
          (failure: unknown) => failure,
        );
      expect(error).toMatchObject({ code: 'SQLITE_FULL' });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
