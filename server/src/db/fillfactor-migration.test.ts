import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import { databaseTargets } from '../testing/databases';
import { FILLFACTORS } from './fillfactor-migration';

const postgres = databaseTargets().filter((t) => t.name === 'postgres');

describe.each(postgres.length > 0 ? postgres : [])('fillfactor on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  it('leaves room on the pages of the rows every report rewrites, so their updates stay on the page', async () => {
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

if (postgres.length === 0) test.skip('fillfactor: PostgreSQL not reachable', () => undefined);
