// device/list, get, create, update and delete through the real app and database: validation, tenant
// isolation, permissions, the audit trail, and the demo plants' seeded devices.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import { insertPlant, insertTenant, userWithToken } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';
import { apiPost, testConfig } from '../testing/test-app';
import type { Device, ErrorBody } from '@helio/contracts';

type ErrorAnswer = ErrorBody<{ fields?: Record<string, { problem: string }>; field?: string }>;

describe.each(databaseTargets())('plant devices on $name', (target) => {
  const run = randomUUID().slice(0, 8);
  const ours = `dev-ours-${run}`;
  const theirs = `dev-theirs-${run}`;
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let admin: string;
  let viewer: string;
  let plantId: string;
  let theirPlantId: string;
  let theirDeviceId: string;
  const idOf = async (thingName: string) =>
    (await db.selectFrom('plants').select('id').where('thing_name', '=', thingName).executeTakeFirstOrThrow()).id;
  const call = (path: string, body: object, token = admin) => apiPost(app, path, body, token);
  const inverter = {
    kind: 'inverter',
    name: 'Střídač sever',
    maker: 'Fronius',
    model: 'Symo 10.0-3-M',
    serial: 'FR-1001',
    firmware: '3.28.1',
    ratedPowerKw: 10,
    liveKeys: ['ActPwrPve'],
  };

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    await insertPlant(db, tenant, ours);
    const otherTenant = await insertTenant(db);
    await insertPlant(db, otherTenant, theirs);
    plantId = await idOf(ours);
    theirPlantId = await idOf(theirs);
    admin = (await userWithToken(db, tenant, 'admin')).idToken;
    viewer = (await userWithToken(db, tenant, 'viewer')).idToken;
    app = await buildApp({ db, config: testConfig({ simulator: false }) });
    const theirAdmin = (await userWithToken(db, otherTenant, 'admin')).idToken;
    theirDeviceId = (await call('device/create', { ...inverter, plantId: theirPlantId }, theirAdmin)).json<Device>().id;
  });

  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  it('starts a plant made without devices with none', async () => {
    const response = await call('device/list', { plantId }, viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('creates, reads, lists, updates and deletes a device, auditing each change on the plant', async () => {
    const created = await call('device/create', { ...inverter, plantId });
    expect(created.statusCode).toBe(200);
    const device = created.json<Device>();
    expect(device).toMatchObject({
      plantId,
      kind: 'inverter',
      name: 'Střídač sever',
      ratedPowerKw: 10,
      capacityKwh: null,
      liveKeys: ['ActPwrPve'],
    });
    expect((await call('device/get', { id: device.id }, viewer)).json()).toEqual(device);

    const battery = (
      await call('device/create', { plantId, kind: 'battery', name: 'Baterie', capacityKwh: 10.24, liveKeys: ['ActPwrBat', 'BatSoc'] })
    ).json<Device>();
    expect(battery).toMatchObject({ maker: '', serial: '', ratedPowerKw: null, capacityKwh: 10.24 });
    const listed = (await call('device/list', { plantId }, viewer)).json<Device[]>();
    expect(listed.map((d) => d.kind)).toEqual(['inverter', 'battery']);
    expect((await call('device/list', { plantId, kind: 'battery' }, viewer)).json<Device[]>().map((d) => d.id)).toEqual([battery.id]);

    const updated = await call('device/update', { id: device.id, payload: { firmware: '3.29.0', name: '  Střídač jih ' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: device.id, firmware: '3.29.0', name: 'Střídač jih', model: 'Symo 10.0-3-M' });

    expect((await call('device/delete', { id: battery.id })).json()).toEqual({ ok: true });
    expect((await call('device/get', { id: battery.id }, viewer)).statusCode).toBe(404);

    const audit = await db
      .selectFrom('audit_events')
      .select(['action', 'target_id', 'details'])
      .where('target_id', '=', plantId)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'plants.device_added',
      'plants.device_added',
      'plants.device_removed',
      'plants.device_updated',
    ]);
    const update = audit.find((a) => a.action === 'plants.device_updated');
    expect(JSON.parse(update?.details ?? '{}')).toMatchObject({ deviceId: device.id, changed: ['firmware', 'name'] });
  });

  it.each([
    ['no name', { name: '' }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['an unknown kind', { kind: 'turbine' }, 'kind'],
    ['a negative rated power', { ratedPowerKw: -1 }, 'ratedPowerKw'],
    ['a zero capacity', { kind: 'battery', capacityKwh: 0 }, 'capacityKwh'],
    ['a live key that is no shadow key', { liveKeys: ['Act Pwr'] }, 'liveKeys'],
    ['a live key twice', { liveKeys: ['ActPwrPve', 'ActPwrPve'] }, 'liveKeys'],
    ['an unknown field', { colour: 'red' }, 'colour'],
  ])('refuses a device with %s (400) and writes nothing', async (_, change, field) => {
    const before = (await call('device/list', { plantId })).json<Device[]>().length;
    const response = await call('device/create', { ...inverter, plantId, ...change });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json<ErrorAnswer>().error)).toContain(field);
    expect((await call('device/list', { plantId })).json<Device[]>()).toHaveLength(before);
  });

  it('makes no change whose audit entry cannot be written', async () => {
    const kept = (await call('device/create', { ...inverter, plantId, serial: 'FR-KEPT' })).json<Device>();
    const { tenant_id: tenantId } = await db.selectFrom('plants').select('tenant_id').where('id', '=', plantId).executeTakeFirstOrThrow();
    await whileAuditRefused(db, tenantId, async () => {
      for (const [path, body] of [
        ['device/create', { ...inverter, plantId, name: 'Never audited', serial: 'FR-NEVER' }],
        ['device/update', { id: kept.id, payload: { name: 'Never audited' } }],
        ['device/delete', { id: kept.id }],
      ] as const) {
        const response = await call(path, body);
        expect([path, response.statusCode]).toEqual([path, 500]);
      }
    });
    const devices = (await call('device/list', { plantId })).json<Device[]>();
    expect(devices.filter((d) => ['FR-KEPT', 'FR-NEVER'].includes(d.serial))).toEqual([kept]);
    await call('device/delete', { id: kept.id });
  });

  it('gives a capacity to batteries only', async () => {
    const response = await call('device/create', { ...inverter, plantId, capacityKwh: 5 });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorAnswer>().error.details?.fields?.capacityKwh?.problem).toBe('batteryOnly');
    const battery = (await call('device/create', { plantId, kind: 'battery', name: 'B', capacityKwh: 5 })).json<Device>();
    expect((await call('device/update', { id: battery.id, payload: { capacityKwh: null } })).statusCode).toBe(200);
  });

  it('refuses a second device with the same maker and serial at one plant (409)', async () => {
    const first = await call('device/create', { ...inverter, plantId, serial: `SN-${run}` });
    expect(first.statusCode).toBe(200);
    const again = await call('device/create', { ...inverter, plantId, serial: `SN-${run}`, name: 'Copy' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorAnswer>().error.details?.field).toBe('serial');
    const other = (await call('device/create', { ...inverter, plantId, serial: `SN2-${run}` })).json<Device>();
    expect((await call('device/update', { id: other.id, payload: { serial: `SN-${run}` } })).statusCode).toBe(409);
  });

  it('lets a viewer read but not change devices (403)', async () => {
    expect((await call('device/create', { ...inverter, plantId }, viewer)).statusCode).toBe(403);
    const device = (await call('device/create', { ...inverter, plantId, serial: '' })).json<Device>();
    expect((await call('device/update', { id: device.id, payload: { name: 'X' } }, viewer)).statusCode).toBe(403);
    expect((await call('device/delete', { id: device.id }, viewer)).statusCode).toBe(403);
    expect((await call('device/get', { id: device.id }, viewer)).statusCode).toBe(200);
  });

  it("answers 404 for another tenant's plant and devices, and changes nothing of theirs", async () => {
    expect((await call('device/list', { plantId: theirPlantId })).statusCode).toBe(404);
    expect((await call('device/create', { ...inverter, plantId: theirPlantId })).statusCode).toBe(404);
    expect((await call('device/get', { id: theirDeviceId })).statusCode).toBe(404);
    expect((await call('device/update', { id: theirDeviceId, payload: { name: 'Mine now' } })).statusCode).toBe(404);
    expect((await call('device/delete', { id: theirDeviceId })).statusCode).toBe(404);
    const row = await db.selectFrom('devices').select('name').where('id', '=', theirDeviceId).executeTakeFirstOrThrow();
    expect(row.name).toBe(inverter.name);
    expect((await call('device/get', { id: randomUUID() })).statusCode).toBe(404);
  });

  it('removes the devices of a deleted plant', async () => {
    const tenant = await insertTenant(db);
    const thing = `dev-gone-${run}`;
    await insertPlant(db, tenant, thing);
    const gone = await idOf(thing);
    const token = (await userWithToken(db, tenant, 'admin')).idToken;
    const device = (await call('device/create', { ...inverter, plantId: gone }, token)).json<Device>();
    await db.deleteFrom('plants').where('id', '=', gone).execute();
    expect(await db.selectFrom('devices').select('id').where('id', '=', device.id).executeTakeFirst()).toBeUndefined();
  });
});

describe.each(databaseTargets())('demo devices on $name', (target) => {
  let db: Kysely<Database>;
  afterAll(() => target.destroy());

  it('gives each demo plant the devices its simulated gateway reports for', async () => {
    db = await target.create();
    await seedDemoData(db);
    const rows = await db
      .selectFrom('devices')
      .innerJoin('plants', 'plants.id', 'devices.plant_id')
      .select(['plants.thing_name', 'plants.battery_kwh', 'plants.charger_kw', 'devices.kind', 'devices.capacity_kwh', 'devices.live_keys'])
      .execute();
    const kinds = (thing: string) =>
      rows
        .filter((r) => r.thing_name === thing)
        .map((r) => r.kind)
        .sort();
    expect(kinds('demo-brno-01')).toEqual(['battery', 'charger', 'inverter', 'meter']);
    expect(kinds('demo-olomouc-02')).toEqual(['battery', 'inverter', 'meter']);
    expect(kinds('demo-plzen-03')).toEqual(['charger', 'inverter', 'meter']);
    for (const battery of rows.filter((r) => r.kind === 'battery')) {
      expect(battery.capacity_kwh).toBe(battery.battery_kwh);
      expect(JSON.parse(battery.live_keys)).toContain('BatSoc');
    }
    for (const inverter of rows.filter((r) => r.kind === 'inverter')) expect(JSON.parse(inverter.live_keys)).toContain('ActPwrPve');
  });
});
