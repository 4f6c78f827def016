import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { databaseTargets } from '../testing/databases';
import { apiPost, createTestApp, signIn } from '../testing/test-app';
import { findTenantPlant, findTenantPlantByThingName } from './access';

describe.each(databaseTargets())('plants on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let demoTenant: string;
  let otherTenant: string;
  let adminToken: string;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    app = await createTestApp(db);
    const tenants = await db.selectFrom('tenants').select(['id', 'name']).execute();
    demoTenant = tenants.find((t) => t.name === 'Helio Demo')?.id ?? '';
    otherTenant = tenants.find((t) => t.name === 'Other Energy s.r.o.')?.id ?? '';
    ({ idToken: adminToken } = await signIn(app, 'admin@helio.local', 'Helio-admin-2024!'));
  });
  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  it("plant/list answers the caller's organisation's plants, sorted by name", async () => {
    const response = await apiPost(app, 'plant/list', { id: demoTenant }, adminToken);
    expect(response.statusCode).toBe(200);
    const plants = response.json<Array<Record<string, unknown>>>();
    expect(plants.map((p) => p.name)).toEqual(['Brno – Rodinný dům', 'Olomouc – Farma', 'Plzeň – Kancelář']);
    expect(plants[0]).toEqual({
      id: expect.any(String),
      name: 'Brno – Rodinný dům',
      thingName: 'demo-brno-01',
      location: 'Brno, Žabovřesky',
      latitude: 49.2146,
      longitude: 16.5852,
      timezone: 'Europe/Prague',
      pvPeakKw: 9.8,
      batteryKwh: 10,
      chargerKw: 11,
      gridExportLimitKw: null,
    });
    expect(plants[1]).toMatchObject({ thingName: 'demo-olomouc-02', batteryKwh: 30, chargerKw: null });
    expect(plants[2]).toMatchObject({ thingName: 'demo-plzen-03', batteryKwh: null, chargerKw: 22 });
  });

  it("answers 404 for another organisation's id and for an unknown id, never its plants", async () => {
    for (const id of [otherTenant, 'no-such-organisation']) {
      const response = await apiPost(app, 'plant/list', { id }, adminToken);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'OrganisationNotFound', message: 'Organisation not found' } });
    }
    const other = await signIn(app, 'other@other-energy.local', 'Helio-other-2024!');
    const own = await apiPost(app, 'plant/list', { id: otherTenant }, other.idToken);
    expect(own.json<Array<{ thingName: string }>>().map((p) => p.thingName)).toEqual(['other-ostrava-01']);
    expect((await apiPost(app, 'plant/list', { id: demoTenant }, other.idToken)).statusCode).toBe(404);
  });

  it('plant/list searches name, location and thing name without case or diacritics, and stops at a limit', async () => {
    const names = async (body: object) =>
      (await apiPost(app, 'plant/list', { id: demoTenant, ...body }, adminToken)).json<Array<{ name: string }>>().map((p) => p.name);
    expect(await names({ search: 'plzen' })).toEqual(['Plzeň – Kancelář']);
    expect(await names({ search: 'ZABOVRESKY' })).toEqual(['Brno – Rodinný dům']);
    expect(await names({ search: 'demo-olomouc' })).toEqual(['Olomouc – Farma']);
    expect(await names({ limit: 2 })).toEqual(['Brno – Rodinný dům', 'Olomouc – Farma']);
    expect((await apiPost(app, 'plant/list', { id: demoTenant, limit: 0 }, adminToken)).statusCode).toBe(400);
  });

  it('plant/active answers the stored plant, or the first one when it is gone, and only in the caller’s organisation', async () => {
    const plants = (await apiPost(app, 'plant/list', { id: demoTenant }, adminToken)).json<Array<{ id: string; name: string }>>();
    const active = async (body: object) => apiPost(app, 'plant/active', { id: demoTenant, ...body }, adminToken);
    expect((await active({ plantId: plants[2]?.id })).json()).toEqual({ plant: plants[2] });
    expect((await active({ plantId: 'deleted-plant' })).json()).toEqual({ plant: plants[0] });
    expect((await active({})).json()).toEqual({ plant: plants[0] });
    const foreign = await apiPost(app, 'plant/active', { id: otherTenant }, adminToken);
    expect(foreign.statusCode).toBe(404);
    const other = await signIn(app, 'other@other-energy.local', 'Helio-other-2024!');
    const theirs = await apiPost(app, 'plant/active', { id: otherTenant, plantId: plants[0]?.id }, other.idToken);
    expect(theirs.json<{ plant: { thingName: string } }>().plant.thingName).toBe('other-ostrava-01');
  });

  it('answers 401 without a token', async () => {
    expect((await apiPost(app, 'plant/list', { id: demoTenant })).statusCode).toBe(401);
  });

  it('finds a plant only within its own tenant', async () => {
    const demoAdmin = { tenantId: demoTenant, sub: 'any', roleId: 'admin' };
    const otherAdmin = { tenantId: otherTenant, sub: 'any', roleId: 'owner' };
    const brno = await findTenantPlantByThingName(db, demoAdmin, 'demo-brno-01');
    expect(brno?.pv_peak_kw).toBe(9.8);
    expect(await findTenantPlantByThingName(db, otherAdmin, 'demo-brno-01')).toBeUndefined();
    expect((await findTenantPlant(db, demoAdmin, brno?.id ?? ''))?.thing_name).toBe('demo-brno-01');
    expect(await findTenantPlant(db, otherAdmin, brno?.id ?? '')).toBeUndefined();
  });
});
