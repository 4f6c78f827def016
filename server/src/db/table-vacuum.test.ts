import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import { databaseTargets } from '../testing/databases';
import { tablesDue, vacuumTablesDue } from './table-vacuum';

describe('tablesDue (autovacuum’s default thresholds)', () => {
  const table = (name: string, liveRows: number, deadRows: number, changedSinceAnalyze = 0) => ({
    table: name,
    liveRows,
    deadRows,
    changedSinceAnalyze,
  });

  it('vacuums a table once its dead rows pass 50 + 20 % of its live rows, the most dead rows first', () => {
    expect(tablesDue([table('at', 1000, 250), table('past', 1000, 251), table('more', 10, 5000)])).toEqual([
      { table: 'more', vacuum: true },
      { table: 'past', vacuum: true },
    ]);
  });

  it('only analyses a table whose rows changed past 50 + 10 % since its last analysis but has few dead rows', () => {
    expect(tablesDue([table('grown', 1000, 0, 151), table('quiet', 1000, 0, 150)])).toEqual([{ table: 'grown', vacuum: false }]);
  });
});

describe.each(databaseTargets())('vacuumTablesDue on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  /** A table of 1,000 rows with 600 deleted, its statistics flushed for the test to read. */
  async function tableWithDeadRows(name: string): Promise<void> {
    await db.connection().execute(async (conn) => {
      await sql`create table ${sql.table(name)} (id integer primary key, note text)`.execute(conn);
      await sql`insert into ${sql.table(name)} select i, 'row ' || i from generate_series(1, 1000) as i`.execute(conn);
      await sql`delete from ${sql.table(name)} where id <= 600`.execute(conn);
      await sql`select pg_stat_force_next_flush()`.execute(conn);
      await sql`select 1`.execute(conn);
    });
    // the statistics reach shared memory as the session goes idle: wait for them (bounded)
    for (let i = 0; i < 40 && (await deadRows(name)) < 600; i++) await new Promise((r) => setTimeout(r, 250));
    expect(await deadRows(name)).toBe(600);
  }

  async function deadRows(name: string): Promise<number> {
    const { rows } = await sql<{ dead: string }>`select n_dead_tup as dead from pg_stat_user_tables where relname = ${name}`.execute(db);
    return Number(rows[0]?.dead ?? 0);
  }

  async function vacuums(name: string): Promise<number> {
    const { rows } = await sql<{ n: string }>`select vacuum_count as n from pg_stat_user_tables where relname = ${name}`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }

  if (target.name !== 'postgres') {
    it('does nothing on SQLite, which reuses a deleted row’s room by itself', async () => {
      await expect(vacuumTablesDue(db, async () => false)).resolves.toEqual([]);
    });
    return;
  }

  it('leaves the tables to autovacuum when it runs', async () => {
    await tableWithDeadRows('vacuum_probe_autovacuum_on');
    await expect(vacuumTablesDue(db, async () => true)).resolves.toEqual([]);
    expect(await vacuums('vacuum_probe_autovacuum_on')).toBe(0);
  });

  it('vacuums a table past the threshold when autovacuum is off, and its dead rows are gone', async () => {
    await tableWithDeadRows('vacuum_probe_autovacuum_off');
    const done = await vacuumTablesDue(db, async () => false);
    expect(done).toContainEqual({ table: 'vacuum_probe_autovacuum_off', vacuum: true });
    expect(await vacuums('vacuum_probe_autovacuum_off')).toBe(1);
    expect(await deadRows('vacuum_probe_autovacuum_off')).toBe(0);
  });
});
