// A PostgreSQL connection runs a text it is sent again as a named prepared statement, within bounds:
// PostgreSQL's own list of the session's prepared statements is the proof.
import { sql, type Kysely } from 'kysely';
import { databaseTargets } from '../testing/databases';
import { MAX_PREPARED_SQL_LENGTH, PREPARED_PER_CONNECTION, preparedName } from './preparing-client';
import type { Database } from './schema';

describe.each(databaseTargets().filter((t) => t.name === 'postgres'))('prepared statements on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  /** Runs `work` on one connection, then answers the names it prepared meanwhile. */
  async function preparedBy(work: (trx: Kysely<Database>) => Promise<void>): Promise<string[]> {
    return db.transaction().execute(async (trx) => {
      await work(trx);
      const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(trx);
      return rows.map((r) => r.name);
    });
  }

  it('prepares a text the second time it is sent, and answers the same rows', async () => {
    const text = (n: number) => sql<{ n: number }>`select ${n}::int + 1 as n, 'prepared-twice' as label`;
    const answers: number[] = [];
    const names = await preparedBy(async (trx) => {
      for (const n of [1, 2, 3]) answers.push((await text(n).execute(trx)).rows[0]!.n);
    });
    expect(answers).toEqual([2, 3, 4]);
    expect(names).toContain(preparedName(text(0).compile(db).sql));
  });

  it('leaves a text sent once, and a text over the length bound, unnamed', async () => {
    const long = `select 1 as n -- ${'x'.repeat(MAX_PREPARED_SQL_LENGTH)}`;
    const once = `select 2 as n, 'sent-once' as label`;
    const names = await preparedBy(async (trx) => {
      for (let i = 0; i < 3; i++) await sql.raw(long).execute(trx);
      await sql.raw(once).execute(trx);
    });
    expect(names).not.toContain(preparedName(long));
    expect(names).not.toContain(preparedName(once));
  });

  it(`names at most ${PREPARED_PER_CONNECTION} texts on one connection`, async () => {
    const names = await preparedBy(async (trx) => {
      for (let i = 0; i < PREPARED_PER_CONNECTION + 50; i++)
        for (let twice = 0; twice < 2; twice++) await sql.raw(`select ${i} as distinct_text`).execute(trx);
    });
    expect(names.length).toBeLessThanOrEqual(PREPARED_PER_CONNECTION);
    expect(names.length).toBeGreaterThan(PREPARED_PER_CONNECTION - 10);
  });
});
