import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import { databaseTargets } from '../testing/databases';
import { FILLFACTORS } from './migrations/058-fillfactor';

describe.each(databaseTargets())('fillfactor on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  it('leaves room on PostgreSQL pages of the rows every report rewrites, so their updates stay on the page; SQLite has no such setting', async () => {
    const applied = await sql<{ name: string }>`select name from kysely_migration where name = '058_fillfactor'`.execute(db);
    expect(applied.rows).toHaveLength(1);
    if (target.name !== 'postgres') return;
    const { rows } = await sql<{ relname: string; reloptions: string[] | null }>`
      select relname, reloptions from pg_class
      where relname in ('shadows', 'gateway_reports', 'metric_rollups') and relkind = 'r' and relnamespace = current_schema()::regnamespace`.execute(
      db,
    );
    expect(Object.fromEntries(rows.map((r) => [r.relname, r.reloptions]))).toEqual(
      Object.fromEntries(Object.entries(FILLFACTORS).map(([table, percent]) => [table, [`fillfactor=${percent}`]])),
    );
  });
});
