// Plant lookups keep rows for a moment, per database and tenant: another tenant never finds them,
// a write through this process is read at once, and a change elsewhere shows within PLANT_CACHE_MS.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant } from '../devices/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { findTenantPlant, findTenantPlantByThingName, forgetPlants, PLANT_CACHE_MS } from './access';

describe.each(databaseTargets())('plant lookups on $name', (target) => {
  let db: Kysely<Database>;
  let tenant: string;
  let other: string;
  const thing = 'access-cache-1';
  beforeAll(async () => {
    db = await target.create();
    tenant = await insertTenant(db);
    other = await insertTenant(db);
    await insertPlant(db, tenant, thing);
  });
  afterAll(() => target.destroy());
  afterEach(() => jest.useRealTimers());

  const rename = (name: string) => db.updateTable('plants').set({ name }).where('thing_name', '=', thing).execute();

  it('finds a plant within its tenant only, kept or not', async () => {
    const plant = await findTenantPlantByThingName(db, tenant, thing);
    expect(plant?.thing_name).toBe(thing);
    expect(await findTenantPlantByThingName(db, other, thing)).toBeUndefined();
    expect(await findTenantPlant(db, other, plant?.id as string)).toBeUndefined();
    expect((await findTenantPlant(db, tenant, plant?.id as string))?.thing_name).toBe(thing);
  });

  it('reads again after forgetPlants, and on its own once PLANT_CACHE_MS has passed', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    await rename('Before');
    forgetPlants(db);
    expect((await findTenantPlantByThingName(db, tenant, thing))?.name).toBe('Before');
    await rename('Elsewhere'); // as another server instance would
    expect((await findTenantPlantByThingName(db, tenant, thing))?.name).toBe('Before');
    jest.advanceTimersByTime(PLANT_CACHE_MS + 1);
    expect((await findTenantPlantByThingName(db, tenant, thing))?.name).toBe('Elsewhere');
    await rename('Here');
    forgetPlants(db); // as the plant routes do after their writes
    expect((await findTenantPlantByThingName(db, tenant, thing))?.name).toBe('Here');
  });

  it('keeps no miss: a plant created a moment after a lookup is found', async () => {
    const later = 'access-cache-later';
    expect(await findTenantPlantByThingName(db, tenant, later)).toBeUndefined();
    await insertPlant(db, tenant, later);
    expect((await findTenantPlantByThingName(db, tenant, later))?.thing_name).toBe(later);
  });

  it('reads inside a transaction from the transaction', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('plants').set({ name: 'In transaction' }).where('thing_name', '=', thing).execute();
      expect((await findTenantPlantByThingName(trx, tenant, thing))?.name).toBe('In transaction');
    });
  });
});
