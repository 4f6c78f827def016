// A query built once answers what the same query built anew answers, for every value given, and keeps
// the values that were written into it (not slots) as they were.
import type { Kysely } from 'kysely';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { ReusedQuery } from './reused-query';
import type { Database } from './schema';

describe.each(databaseTargets())('ReusedQuery on $name', (target) => {
  let db: Kysely<Database>;
  let tenants: string[];
  beforeAll(async () => {
    db = await target.create();
    tenants = [await insertTenant(db), await insertTenant(db)];
    await insertPlant(db, tenants[0] as string, 'reused-a');
    await insertPlant(db, tenants[0] as string, 'reused-b');
    await insertPlant(db, tenants[1] as string, 'reused-c');
  });
  afterAll(() => target.destroy());

  it('runs with the values given for its slots, in any order they appear in the SQL', async () => {
    // slot 1 is used before slot 0 in the SQL; 'Europe/Prague' is a value of the query itself
    const query = new ReusedQuery(db, (q, slot) =>
      q
        .selectFrom('plants')
        .select(['thing_name'])
        .where('timezone', '=', 'Europe/Prague')
        .where('thing_name', '=', slot(1))
        .where('tenant_id', '=', slot(0)),
    );
    const fresh = (tenant: string, thing: string) =>
      db
        .selectFrom('plants')
        .select(['thing_name'])
        .where('timezone', '=', 'Europe/Prague')
        .where('thing_name', '=', thing)
        .where('tenant_id', '=', tenant)
        .execute();
    for (const [tenant, thing] of [
      [tenants[0], 'reused-a'],
      [tenants[0], 'reused-b'],
      [tenants[0], 'reused-c'],
      [tenants[1], 'reused-c'],
      [tenants[1], 'nothing'],
    ] as [string, string][]) {
      expect(await query.run(tenant, thing)).toEqual(await fresh(tenant, thing));
    }
    expect(await query.first(tenants[1], 'reused-c')).toEqual({ thing_name: 'reused-c' });
    expect(await query.first(tenants[1], 'reused-a')).toBeUndefined();
  });

  it('binds null where a slot takes no value', async () => {
    const query = new ReusedQuery(db, (q, slot) => q.selectFrom('plants').select(['thing_name']).where('thing_name', '=', slot(0)));
    expect(await query.run(null)).toEqual([]);
  });

  it('shares a run with the same values on its way, and runs afresh for a call after it answered', async () => {
    const query = new ReusedQuery(db, (q, slot) => q.selectFrom('plants').select(['thing_name']).where('thing_name', '=', slot(0)));
    const runs = jest.spyOn(query, 'run');
    const together = await Promise.all([
      query.firstShared('reused-a'),
      query.firstShared('reused-a'),
      query.firstShared('reused-b'),
      query.firstShared('reused-a'),
    ]);
    expect(together).toEqual([
      { thing_name: 'reused-a' },
      { thing_name: 'reused-a' },
      { thing_name: 'reused-b' },
      { thing_name: 'reused-a' },
    ]);
    expect(runs.mock.calls).toEqual([['reused-a'], ['reused-b']]);
    await db.updateTable('plants').set({ thing_name: 'reused-a2' }).where('thing_name', '=', 'reused-a').execute();
    try {
      expect(await query.firstShared('reused-a')).toBeUndefined();
      expect(runs).toHaveBeenCalledTimes(3);
    } finally {
      await db.updateTable('plants').set({ thing_name: 'reused-a' }).where('thing_name', '=', 'reused-a2').execute();
    }
  });
});
