import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { MAX_CACHED_SQL_LENGTH, withStatementCache, type PreparingDatabase } from './statement-cache';

/** A real SQLite database that counts how often it compiles SQL. */
function countingDatabase(): { database: PreparingDatabase; prepared: string[] } {
  const real = new SQLite(':memory:');
  const prepared: string[] = [];
  return {
    prepared,
    database: {
      prepare: (text: string) => {
        prepared.push(text);
        return real.prepare(text);
      },
      close: () => real.close(),
    },
  };
}

interface Things {
  things: { id: number; name: string };
}

describe('statement cache', () => {
  it('compiles a repeated query once and still binds each call its own parameters', async () => {
    const { database, prepared } = countingDatabase();
    const db = new Kysely<Things>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
    await sql`create table things (id integer primary key, name text)`.execute(db);
    for (const [id, name] of [
      [1, 'a'],
      [2, 'b'],
    ] as const)
      await db.insertInto('things').values({ id, name }).execute();
    const names = [];
    for (const id of [1, 2, 1]) names.push((await db.selectFrom('things').select('name').where('id', '=', id).executeTakeFirst())?.name);
    expect(names).toEqual(['a', 'b', 'a']);
    expect(prepared.filter((text) => text.startsWith('select'))).toHaveLength(1);
    expect(prepared.filter((text) => text.startsWith('insert'))).toHaveLength(1);
    await db.destroy();
  });

  it('sees schema changes made after a statement was cached', async () => {
    const { database } = countingDatabase();
    const db = new Kysely<Things>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
    await sql`create table things (id integer primary key, name text)`.execute(db);
    await db.insertInto('things').values({ id: 1, name: 'a' }).execute();
    const all = () => sql<Record<string, unknown>>`select * from things`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'a' }]);
    await sql`alter table things add column size integer`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'a', size: null }]);
    await db.destroy();
  });

  it('forgets the least recently used statement past its capacity, and never keeps long SQL', () => {
    const { database, prepared } = countingDatabase();
    const cached = withStatementCache(database, 2);
    const one = 'select 1';
    const two = 'select 2';
    const three = 'select 3';
    for (const text of [one, two, one, three, one, two]) cached.prepare(text);
    // `two` was the least recently used when `three` arrived, so it is compiled again at the end.
    expect(prepared).toEqual([one, two, three, two]);
    const long = `select '${'x'.repeat(MAX_CACHED_SQL_LENGTH)}'`;
    cached.prepare(long);
    cached.prepare(long);
    expect(prepared.filter((text) => text === long)).toHaveLength(2);
    cached.close();
  });
});
