// A server transaction on SQLite holds the write lock from its start: another process cannot commit
// between what it read and what it writes, so it never fails with "database is locked" for that
// (a deferred BEGIN did, on OCPP MeterValues while the release CLI wrote to the same file).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { createDatabase } from './index';

describe('SQLite transactions', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-trx-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('take the write lock at BEGIN, so a read-then-write transaction commits while another process waits', async () => {
    const file = path.join(root, 'lock.db');
    const db = await createDatabase(`sqlite://${file}`);
    await sql`create table counter (n integer not null)`.execute(db);
    await sql`insert into counter (n) values (0)`.execute(db);
    // another process's connection that does not wait for a lock
    const other = new SQLite(file);
    other.pragma('busy_timeout = 0');
    try {
      let otherWrite: unknown;
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
        try {
          other.prepare('update counter set n = 100').run();
        } catch (error) {
          otherWrite = error;
        }
        await sql`update counter set n = ${rows[0]!.n + 1}`.execute(trx);
      });
      expect(otherWrite).toMatchObject({ code: 'SQLITE_BUSY' });
      // once committed, the other process writes as usual
      other.prepare('update counter set n = n + 10').run();
      expect(other.prepare('select n from counter').get()).toEqual({ n: 11 });
    } finally {
      other.close();
      await db.destroy();
    }
  });
});
