// The plants table's page and ids, and the plant switcher's plant/list and plant/active, on SQLite
// and PostgreSQL: the database searches, filters, sorts and cuts the fleet as the table did in the
// browser, and the gateway status takes the broker's word (here a list of disconnected gateways).
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema';
import type { GatewayConnectionsView } from '../iot/mqtt/gateway-status';
import { ShadowStore } from '../iot/shadows/shadow-store';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { addUser } from '../iam/test-fixtures';
import { GATEWAY_OFFLINE_MS } from '../notifications/conditions';
import { databaseTargets } from '../testing/databases';
import { setPlantTags } from '../tags/tags';
import type { FleetPageRequest } from '@helio/contracts';
import { grantPlantAccess, type PlantCaller } from './access';
import { fleetIds, fleetPage } from './fleet-page';
import { fleetSummary } from './fleet-summary';
import { plantListingColumns } from './listing-columns';
import { activePlant, listPlants } from './plant-list';

const MINUTE = 60_000;

/** name, location, pv kWp, battery kWh (null: none), minutes since the last report (null: never) */
const FLEET = [
  ['Čáslav – Sklad', 'Čáslav', 20, 10, 1],
  ['Cheb', 'Cheb', 5, null, 2],
  ['Hradec Králové', 'Hradec', 12, 5, null],
  ['Chrudim – Farma', 'Chrudim', 50, 30, 6],
  ['Cidlina', 'Jičín', 8, null, 3],
  ['Plzeň – Kancelář', 'Plzeň', 30, null, 4],
  ['Žďár', 'Žďár nad Sázavou', 9.8, 10, null],
] as const;
const NAMES_IN_CZECH_ORDER = ['Cidlina', 'Čáslav – Sklad', 'Hradec Králové', 'Cheb', 'Chrudim – Farma', 'Plzeň – Kancelář', 'Žďár'];

describe.each(databaseTargets())('the fleet pages on $name', (target) => {
  const run = randomUUID().slice(0, 8);
  const now = Date.now();
  let db: Kysely<Database>;
  let tenant: string;
  let admin: PlantCaller;
  const thingOf = new Map<string, string>();
  const idOf = new Map<string, string>();
  let disconnected: string[] = [];
  const gateways: GatewayConnectionsView = { connectionOf: () => undefined, disconnected: () => disconnected };
  let roof: string;

  beforeAll(async () => {
    db = await target.create();
    tenant = await insertTenant(db);
    admin = { tenantId: tenant, sub: randomUUID(), roleId: 'admin' };
    const store = new ShadowStore(db);
    for (const [i, [name, location, pv, battery, minutesAgo]] of FLEET.entries()) {
      const thing = `fleet-${i}-${run}`;
      await insertPlant(db, tenant, thing, { batteryKwh: battery });
      await db
        .updateTable('plants')
        .set({ name, location, pv_peak_kw: pv, ...plantListingColumns({ name, location }) })
        .where('thing_name', '=', thing)
        .execute();
      thingOf.set(name, thing);
      idOf.set(name, (await db.selectFrom('plants').select('id').where('thing_name', '=', thing).executeTakeFirstOrThrow()).id);
      // Two reports a minute apart make today's production (the day roll-up integrates power over time).
      if (minutesAgo !== null) {
        await store.applyReportedHistory(thing, [
          { ts: now - (minutesAgo + 1) * MINUTE, reported: { ActPwrPve: 1000 * (i + 1) } },
          { ts: now - minutesAgo * MINUTE, reported: { ActPwrPve: 1000 * (i + 1) } },
        ]);
      }
    }
    await insertPlant(db, await insertTenant(db), `fleet-theirs-${run}`);
    roof = randomUUID();
    await db
      .insertInto('tags')
      .values({
        id: roof,
        tenant_id: tenant,
        name: 'Střecha',
        name_key: 'strecha',
        colour: 'blue',
        created_at: new Date().toISOString(),
        updated_at: null,
      })
      .execute();
    await setPlantTags(db, [idOf.get('Cheb') as string, idOf.get('Žďár') as string], [roof], []);
  });
  afterAll(() => target.destroy());
  beforeEach(() => {
    disconnected = [];
  });

  const page = (request: FleetPageRequest, caller = admin) => fleetPage(db, caller, gateways, request, now);
  const names = async (request: FleetPageRequest) => (await page(request)).plants.map((p) => p.name);

  it('sorts by name the Czech way (č after c, ch after h) and flips on descending', async () => {
    expect(await names({})).toEqual(NAMES_IN_CZECH_ORDER);
    expect(await names({ sort: 'name', descending: true })).toEqual([...NAMES_IN_CZECH_ORDER].reverse());
  });

  it('sorts by location, capacity, battery and today’s energy, missing batteries and days without data first', async () => {
    // Čáslav, Hradec, Cheb, Chrudim, Jičín, Plzeň, Žďár nad Sázavou
    expect(await names({ sort: 'location' })).toEqual([
      'Čáslav – Sklad',
      'Hradec Králové',
      'Cheb',
      'Chrudim – Farma',
      'Cidlina',
      'Plzeň – Kancelář',
      'Žďár',
    ]);
    expect(await names({ sort: 'pvPeakKw' })).toEqual([
      'Cheb',
      'Cidlina',
      'Žďár',
      'Hradec Králové',
      'Čáslav – Sklad',
      'Plzeň – Kancelář',
      'Chrudim – Farma',
    ]);
    // Ties (no battery; 10 kWh) go by name.
    expect(await names({ sort: 'batteryKwh' })).toEqual([
      'Cidlina',
      'Cheb',
      'Plzeň – Kancelář',
      'Hradec Králové',
      'Čáslav – Sklad',
      'Žďár',
      'Chrudim – Farma',
    ]);
    const byEnergy = (await page({ sort: 'todayEnergyKwh', descending: true })).plants;
    expect(byEnergy.map((p) => p.name).slice(-2)).toEqual(['Hradec Králové', 'Žďár']);
    const energies = byEnergy.map((p) => p.todayEnergyKwh ?? -1);
    expect(energies).toEqual([...energies].sort((a, b) => b - a));
    expect(energies[0]).toBeGreaterThan(0);
  });

  it('shows each plant with its status, last report, tags and today’s energy', async () => {
    const [cheb] = (await page({ filter: { search: 'cheb' } })).plants;
    expect(cheb).toEqual({
      id: idOf.get('Cheb'),
      name: 'Cheb',
      thingName: thingOf.get('Cheb'),
      location: 'Cheb',
      latitude: 49.2,
      longitude: 16.6,
      timezone: 'Europe/Prague',
      pvPeakKw: 5,
      batteryKwh: null,
      chargerKw: 11,
      gridExportLimitKw: null,
      status: 'online',
      lastSeen: new Date(now - 2 * MINUTE).toISOString(),
      tagIds: [roof],
      todayEnergyKwh: expect.any(Number),
    });
  });

  it('searches names without case or diacritics, and filters by status and tag', async () => {
    expect(await names({ filter: { search: 'PLZEN' } })).toEqual(['Plzeň – Kancelář']);
    expect(await names({ filter: { search: 'zdar' } })).toEqual(['Žďár']);
    expect(await names({ filter: { search: '100%' } })).toEqual([]);
    expect(await names({ filter: { status: 'online' } })).toEqual(['Cidlina', 'Čáslav – Sklad', 'Cheb', 'Plzeň – Kancelář']);
    expect(await names({ filter: { status: 'offline' } })).toEqual(['Hradec Králové', 'Chrudim – Farma', 'Žďár']);
    expect(await names({ filter: { tag: roof } })).toEqual(['Cheb', 'Žďár']);
    expect(await names({ filter: { tag: roof, status: 'online', search: 'c' } })).toEqual(['Cheb']);
    expect(await names({ sort: 'status' })).toEqual([
      'Hradec Králové',
      'Chrudim – Farma',
      'Žďár',
      'Cidlina',
      'Čáslav – Sklad',
      'Cheb',
      'Plzeň – Kancelář',
    ]);
  });

  it('counts a gateway the broker says is disconnected as offline, whatever it reported last', async () => {
    disconnected = [thingOf.get('Cheb') as string, `unknown-${run}`];
    expect(await names({ filter: { status: 'online' } })).toEqual(['Cidlina', 'Čáslav – Sklad', 'Plzeň – Kancelář']);
    expect((await page({ filter: { search: 'cheb' } })).plants[0]?.status).toBe('offline');
    expect(await fleetSummary(db, admin, gateways, now)).toMatchObject({ plants: 7, online: 3, offline: 4 });
  });

  it('goes offline GATEWAY_OFFLINE_MS after the last report', async () => {
    const later = now - MINUTE + GATEWAY_OFFLINE_MS; // Čáslav (1 minute) just still online, Cheb (2 minutes) not
    const online = await fleetPage(db, admin, gateways, { filter: { status: 'online' } }, later);
    expect(online.plants.map((p) => p.name)).toEqual(['Čáslav – Sklad']);
  });

  it('cuts pages with the total, and answers the last page when asked past it', async () => {
    expect(await page({ pageSize: 3, page: 1 })).toMatchObject({ total: 7, pageCount: 3, page: 1 });
    expect(await names({ pageSize: 3, page: 2 })).toEqual(['Žďár']);
    const past = await page({ pageSize: 3, page: 9, filter: { status: 'online' } });
    expect(past).toMatchObject({ total: 4, pageCount: 2, page: 1 });
    expect(past.plants.map((p) => p.name)).toEqual(['Plzeň – Kancelář']);
    expect(await page({ filter: { search: 'nikde' } })).toEqual({ plants: [], total: 0, page: 0, pageCount: 1 });
  });

  it('cuts every sort and filter into the same pages as one list, each page with its own tags', async () => {
    // A page's ids come from the plants alone when the sort and the filter need no joined table,
    // else from the joined query (fleet-query.ts fleetPageIds): both must cut the same list.
    const sorts = ['name', 'location', 'pvPeakKw', 'batteryKwh', 'todayEnergyKwh', 'status'] as const;
    for (const sort of sorts) {
      for (const request of [
        { sort },
        { sort, descending: true },
        { sort, filter: { status: 'online' as const } },
        { sort, filter: { tag: roof } },
      ]) {
        const whole = (await page({ ...request, pageSize: 10 })).plants;
        const paged = [];
        for (let i = 0; i * 2 < whole.length; i++) paged.push(...(await page({ ...request, pageSize: 2, page: i })).plants);
        expect([JSON.stringify(request), paged.map((p) => [p.name, p.tagIds])]).toEqual([
          JSON.stringify(request),
          whole.map((p) => [p.name, p.tagIds]),
        ]);
      }
    }
  });

  it('gives the ids of every matching plant over all pages', async () => {
    const ids = await fleetIds(db, admin, gateways, { status: 'offline' }, now);
    expect(ids.sort()).toEqual(['Hradec Králové', 'Chrudim – Farma', 'Žďár'].map((name) => idOf.get(name)).sort());
    expect(await fleetIds(db, admin, gateways, undefined, now)).toHaveLength(7);
  });

  it('shows someone without every plant only the plants they were given', async () => {
    const viewer = await addUser(db, tenant, { role: 'viewer' });
    const user = { tenantId: tenant, sub: viewer.id, roleId: 'viewer' };
    await grantPlantAccess(db, { plantId: idOf.get('Žďár') as string, userId: user.sub, role: 'viewer' });
    expect((await page({}, user)).plants.map((p) => p.name)).toEqual(['Žďár']);
    expect(await fleetIds(db, user, gateways, {}, now)).toEqual([idOf.get('Žďár')]);
    expect((await listPlants(db, user)).map((p) => p.name)).toEqual(['Žďár']);
    expect(await activePlant(db, user, idOf.get('Cheb') as string)).toMatchObject({ name: 'Žďár' });
    expect(await fleetSummary(db, user, gateways, now)).toMatchObject({ plants: 1, pvPeakKw: 9.8 });
  });

  it('lists the plants by name for the switcher: searched in name, location and thing name, at most a limit', async () => {
    expect((await listPlants(db, admin)).map((p) => p.name)).toEqual(NAMES_IN_CZECH_ORDER);
    expect((await listPlants(db, admin, { limit: 2 })).map((p) => p.name)).toEqual(NAMES_IN_CZECH_ORDER.slice(0, 2));
    expect((await listPlants(db, admin, { search: 'jicin' })).map((p) => p.name)).toEqual(['Cidlina']);
    expect((await listPlants(db, admin, { search: 'SAZAVOU' })).map((p) => p.name)).toEqual(['Žďár']);
    expect((await listPlants(db, admin, { search: thingOf.get('Cheb') })).map((p) => p.name)).toEqual(['Cheb']);
  });

  it('finds the active plant: the stored one while visible, else the first by name, else none', async () => {
    expect(await activePlant(db, admin, idOf.get('Cheb') as string)).toMatchObject({ name: 'Cheb', thingName: thingOf.get('Cheb') });
    expect(await activePlant(db, admin, 'deleted-plant')).toMatchObject({ name: 'Cidlina' });
    expect(await activePlant(db, admin, null)).toMatchObject({ name: 'Cidlina' });
    expect(await activePlant(db, { tenantId: await insertTenant(db), sub: 'x', roleId: 'admin' }, null)).toBeNull();
  });
});
