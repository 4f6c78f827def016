// PostgreSQL ending a connection the server holds (a restart, a failover, an administrator) must not
// end the server: the statement in progress fails, and the next one runs on a fresh connection.
// pg_terminate_backend sends the same FATAL 57P01 as a PostgreSQL shutdown does.
import { sql, type Kysely } from 'kysely';
import { createDatabase } from '.';
import { databaseTargets, testDatabaseUrl } from '../testing/databases';
import type { Database } from './schema';

const postgres = databaseTargets().filter((t) => t.name === 'postgres');

describe.each(postgres)('a lost PostgreSQL connection ($name)', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  it('fails the transaction that held it, keeps the process up and serves the next query', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          // Ended from another connection while this transaction holds its own between statements.
          await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(db);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await sql`select 1`.execute(trx);
          return 'committed';
        })
        .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      expect(outcome).not.toBe('committed');
      expect(uncaught).toEqual([]);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
      // the loss is said in the server's log, not swallowed
      expect(reported).toHaveBeenCalledWith(expect.stringMatching(/^PostgreSQL connection lost: /));
    } finally {
      reported.mockRestore();
      process.off('uncaughtException', record);
    }
  });

  it('closes a handle only once its connections are gone, so a drop right after ends no backend of it', async () => {
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const other = await createDatabase(testDatabaseUrl(db));
      // four statements at once take four connections of its pool
      await Promise.all([1, 2, 3, 4].map(() => sql`select pg_sleep(0.05)`.execute(other)));
      await other.destroy();
      const { rows } = await sql<{ left: number }>`
        select count(*)::int as left from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
      expect(rows[0]!.left).toBe(0);
      expect(reported).not.toHaveBeenCalled();
    } finally {
      reported.mockRestore();
    }
  });
});

if (postgres.length === 0) it.skip('needs PostgreSQL', () => undefined);
