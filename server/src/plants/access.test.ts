// Plant lookups: findTenantPlant reads now; a PlantLookup keeps rows for a moment, per tenant: another
// tenant never finds them, a write through this server is read at once (forget), a change elsewhere
// shows within PLANT_CACHE_MS, and it keeps no more than its bound. Who may see a kept plant is read on
// every lookup: a removal takes effect at once.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { addUser } from '../iam/test-fixtures';
import {
  accessiblePlantIds,
  findTenantPlant,
  findTenantPlantByThingName,
  grantPlantAccess,
  listTenantPlants,
  PLANT_CACHE_MS,
  PlantLookup,
  type PlantCaller,
} from './access';

const adminOf = (tenantId: string): PlantCaller => ({ tenantId, sub: 'admin', roleId: 'admin' });

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
  let lookup: PlantLookup;
  beforeEach(() => (lookup = new PlantLookup(db)));

  const rename = (name: string) => db.updateTable('plants').set({ name }).where('thing_name', '=', thing).execute();

  it('gives an API key naming no plant none, however its plants are read (no `in ()` for the database to refuse)', async () => {
    const keyNaming = (plantIds: string[], creatorSeesEveryPlant: boolean): PlantCaller => ({
      tenantId: tenant,
      sub: 'key-user',
      roleId: 'viewer',
      apiKey: { id: 'key-1', plantIds, plantRole: 'viewer', creatorId: 'admin', creatorSeesEveryPlant, expiresAt: null },
    });
    const idsThrough = (caller: PlantCaller) =>
      db.selectFrom('plants').select('id').where('id', 'in', accessiblePlantIds(db, caller)).execute();
    for (const creatorSeesEveryPlant of [true, false]) {
      expect(await listTenantPlants(db, keyNaming([], creatorSeesEveryPlant))).toEqual([]);
      expect(await idsThrough(keyNaming([], creatorSeesEveryPlant))).toEqual([]);
    }
    const plant = await findTenantPlantByThingName(db, adminOf(tenant), thing);
    const naming = keyNaming([plant!.id], true);
    expect((await listTenantPlants(db, naming)).map((p) => p.id)).toEqual([plant!.id]);
    expect(await idsThrough(naming)).toEqual([{ id: plant!.id }]);
  });

  it('finds a plant within its tenant only, kept or not', async () => {
    const plant = await findTenantPlantByThingName(db, adminOf(tenant), thing);
    expect(plant?.thing_name).toBe(thing);
    expect(await findTenantPlantByThingName(db, adminOf(other), thing)).toBeUndefined();
    expect(await findTenantPlant(db, adminOf(other), plant?.id as string)).toBeUndefined();
    expect((await findTenantPlant(db, adminOf(tenant), plant?.id as string))?.thing_name).toBe(thing);
    expect((await lookup.findByThingName(adminOf(tenant), thing))?.id).toBe(plant?.id);
    expect(await lookup.findByThingName(adminOf(other), thing)).toBeUndefined();
    expect(await lookup.find(adminOf(other), plant?.id as string)).toBeUndefined();
    expect((await lookup.find(adminOf(tenant), plant?.id as string))?.thing_name).toBe(thing);
  });

  it('reads again after forget, and on its own once PLANT_CACHE_MS has passed; findTenantPlant always reads now', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    await rename('Before');
    expect((await lookup.findByThingName(adminOf(tenant), thing))?.name).toBe('Before');
    await rename('Elsewhere'); // as another server instance would
    expect((await lookup.findByThingName(adminOf(tenant), thing))?.name).toBe('Before');
    expect((await findTenantPlantByThingName(db, adminOf(tenant), thing))?.name).toBe('Elsewhere');
    jest.advanceTimersByTime(PLANT_CACHE_MS + 1);
    expect((await lookup.findByThingName(adminOf(tenant), thing))?.name).toBe('Elsewhere');
    await rename('Here');
    lookup.forget(); // as the plant routes do after their writes
    expect((await lookup.findByThingName(adminOf(tenant), thing))?.name).toBe('Here');
  });

  it('keeps no more plant rows than its bound', async () => {
    const bounded = new PlantLookup(db, 2);
    const things = ['access-cache-b1', 'access-cache-b2', 'access-cache-b3'];
    for (const name of things) await insertPlant(db, tenant, name);
    for (const name of things) {
      expect((await bounded.findByThingName(adminOf(tenant), name))?.thing_name).toBe(name);
      expect(bounded.size()).toBeLessThanOrEqual(2);
    }
    expect(bounded.size()).toBeGreaterThan(0);
  });

  it('keeps no miss: a plant created a moment after a lookup is found', async () => {
    const later = 'access-cache-later';
    expect(await lookup.findByThingName(adminOf(tenant), later)).toBeUndefined();
    await insertPlant(db, tenant, later);
    expect((await lookup.findByThingName(adminOf(tenant), later))?.thing_name).toBe(later);
  });

  it('reads inside a transaction from the transaction', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('plants').set({ name: 'In transaction' }).where('thing_name', '=', thing).execute();
      expect((await findTenantPlantByThingName(trx, adminOf(tenant), thing))?.name).toBe('In transaction');
    });
  });

  it('reads who may see a kept plant on every lookup: a user removed from it loses it at once', async () => {
    const viewer = await addUser(db, tenant, { role: 'viewer' });
    const caller: PlantCaller = { tenantId: tenant, sub: viewer.id, roleId: 'viewer' };
    const plant = await lookup.findByThingName(adminOf(tenant), thing); // now kept
    expect(await lookup.findByThingName(caller, thing)).toBeUndefined();
    await grantPlantAccess(db, { plantId: plant?.id as string, userId: viewer.id, role: 'operator' });
    expect((await lookup.findByThingName(caller, thing))?.access_role).toBe('operator');
    expect((await lookup.find(caller, plant?.id as string))?.access_role).toBe('operator');
    expect((await findTenantPlant(db, caller, plant?.id as string))?.access_role).toBe('operator');
    await db.deleteFrom('plant_access').where('user_id', '=', viewer.id).execute(); // as another instance would
    expect(await lookup.findByThingName(caller, thing)).toBeUndefined();
    expect(await lookup.find(caller, plant?.id as string)).toBeUndefined();
    expect(await findTenantPlant(db, caller, plant?.id as string)).toBeUndefined();
  });
});
