// plant/detail, plant/update and plant/create through the real app, database and embedded broker.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import mqtt from 'mqtt';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant, recordingLog, userWithToken } from '../iot/test-fixtures';
import { startDevices, type DeviceServices } from '../iot/services';
import { buildApp } from '../http/app';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';
import { apiPost, testConfig } from '../testing/test-app';
import type { PlantDetail } from './plant-detail';
import { isThingName } from '@helio/contracts';

interface ErrorAnswer {
  error: {
    code: string;
    message: string;
    details?: {
      field?: string;
      fields?: Record<string, { problem: string; message: string }>;
      current?: PlantDetail;
      currentVersion?: number;
    };
  };
}

describe.each(databaseTargets())('plant settings on $name', (target) => {
  const run = randomUUID().slice(0, 8);
  const ours = `set-ours-${run}`;
  const theirs = `set-theirs-${run}`;
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let admin: string;
  let viewer: string;
  let plantId: string;
  let theirPlantId: string;
  const idOf = async (thingName: string) =>
    (await db.selectFrom('plants').select('id').where('thing_name', '=', thingName).executeTakeFirstOrThrow()).id;
  const call = (path: string, body: object, token = admin) => apiPost(app, path, body, token);

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    await insertPlant(db, tenant, ours);
    await insertPlant(db, await insertTenant(db), theirs);
    plantId = await idOf(ours);
    theirPlantId = await idOf(theirs);
    admin = (await userWithToken(db, tenant, 'admin')).idToken;
    viewer = (await userWithToken(db, tenant, 'viewer')).idToken;
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: `settings-${run}` });
    app = await buildApp({ db, config, devices });
  });

  afterAll(async () => {
    await app.close();
    await devices.close();
    await target.destroy();
  });

  it('answers the plant with every setting and version 1', async () => {
    const response = await call('plant/detail', { id: plantId }, viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: plantId,
      thingName: ours,
      pvPeakKw: 9.8,
      batteryKwh: 10,
      address: '',
      tiltDeg: null,
      azimuthDeg: null,
      gridExportLimitKw: null,
      tariffName: '',
      tariffPricePerKwh: null,
      tariffCurrency: 'CZK',
      version: 1,
      updatedAt: null,
    });
  });

  it('answers 404 for another tenant’s plant on detail and update, and changes nothing', async () => {
    expect((await call('plant/detail', { id: theirPlantId })).statusCode).toBe(404);
    const update = await call('plant/update', { id: theirPlantId, payload: { name: 'Mine now' }, expectedVersion: 1 });
    expect(update.statusCode).toBe(404);
    expect((await call('plant/update', { id: theirPlantId, payload: { tiltDeg: 'steep' }, expectedVersion: 1 })).statusCode).toBe(404);
    expect((await db.selectFrom('plants').select('name').where('id', '=', theirPlantId).executeTakeFirstOrThrow()).name).toBe(
      `Plant ${theirs}`,
    );
  });

  it('refuses plants:write calls to a viewer', async () => {
    expect((await call('plant/update', { id: plantId, payload: { name: 'X' }, expectedVersion: 1 }, viewer)).statusCode).toBe(403);
    expect(
      (await call('plant/create', { name: 'X', location: 'Y', latitude: 1, longitude: 1, timezone: 'UTC', pvPeakKw: 1 }, viewer))
        .statusCode,
    ).toBe(403);
  });

  it('names every wrong field with its own message, and writes nothing', async () => {
    const response = await call('plant/update', {
      id: plantId,
      expectedVersion: 1,
      payload: {
        name: ' ',
        tiltDeg: 91,
        azimuthDeg: -181,
        batteryMaxSocPct: 120,
        timezone: 'Mars/Olympus',
        gridExportLimitKw: -1,
      },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<ErrorAnswer>();
    expect(error.code).toBe('PlantSettingsInvalid');
    expect(error.details?.field).toBe('name');
    expect(error.details?.fields).toEqual({
      name: { problem: 'required', message: 'name is required' },
      tiltDeg: { problem: 'range', min: 0, max: 90, message: 'tiltDeg must be between 0 and 90' },
      azimuthDeg: { problem: 'range', min: -180, max: 180, message: 'azimuthDeg must be between -180 and 180' },
      batteryMaxSocPct: { problem: 'range', min: 0, max: 100, message: 'batteryMaxSocPct must be between 0 and 100' },
      timezone: { problem: 'timezone', message: expect.stringContaining('IANA') },
      gridExportLimitKw: { problem: 'range', min: 0, max: 100000, message: expect.any(String) },
    });
    expect((await db.selectFrom('plants').select('version').where('id', '=', plantId).executeTakeFirstOrThrow()).version).toBe(1);
  });

  it('neither answers nor accepts a plant minimum charge: the battery’s floor is the device’s BatSocMin (set on /rc)', async () => {
    expect((await call('plant/detail', { id: plantId }, viewer)).json()).not.toHaveProperty('batteryMinSocPct');
    const response = await call('plant/update', { id: plantId, expectedVersion: 1, payload: { batteryMinSocPct: 10 } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorAnswer>().error.details?.fields ?? {})).toEqual(['batteryMinSocPct']);
    expect((await db.selectFrom('plants').select('version').where('id', '=', plantId).executeTakeFirstOrThrow()).version).toBe(1);
  });

  it('answers 400 per field for wrong types and unknown fields', async () => {
    const response = await call('plant/update', { id: plantId, expectedVersion: 1, payload: { tiltDeg: '30', colour: 'red' } });
    expect(response.statusCode).toBe(400);
    // schema validation stops at the first wrong field (the answer's size must not follow the body's)
    const fields = Object.keys(response.json<ErrorAnswer>().error.details?.fields ?? {});
    expect(fields).toHaveLength(1);
    expect(['colour', 'tiltDeg']).toContain(fields[0]);
    expect((await call('plant/update', { id: plantId, payload: {} })).statusCode).toBe(400);
    const empty = await call('plant/update', { id: plantId, payload: {}, expectedVersion: 1 });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json<ErrorAnswer>().error.details?.fields ?? {})).toEqual(['payload']);
  });

  it('saves valid settings, bumps the version and audits the change', async () => {
    const payload = {
      address: 'Kounicova 1, Brno',
      tiltDeg: 35,
      azimuthDeg: -10,
      batteryMaxSocPct: 95,
      batteryMaxChargeKw: 5,
      batteryMaxDischargeKw: 5,
      gridExportLimitKw: 7.5,
      tariffName: 'D57d',
      tariffPricePerKwh: 4.2,
    };
    const response = await call('plant/update', { id: plantId, expectedVersion: 1, payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...payload, version: 2, updatedAt: expect.any(String) });
    expect((await call('plant/detail', { id: plantId })).json()).toMatchObject({ ...payload, version: 2 });
    const audit = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('target_id', '=', plantId)
      .where('action', '=', 'plants.updated')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({ version: 2, changed: expect.arrayContaining(['tiltDeg', 'tariffName']) });
  });

  it('lets only the first of two editors of the same version save; the second gets 409 and the current plant', async () => {
    const { version } = (await call('plant/detail', { id: plantId })).json<PlantDetail>();
    const first = await call('plant/update', { id: plantId, expectedVersion: version, payload: { name: 'First editor' } });
    const second = await call('plant/update', { id: plantId, expectedVersion: version, payload: { name: 'Second editor' } });
    expect([first.statusCode, second.statusCode]).toEqual([200, 409]);
    const { error } = second.json<ErrorAnswer>();
    expect(error.code).toBe('Conflict');
    expect(error.details?.currentVersion).toBe(version + 1);
    expect(error.details?.current).toMatchObject({ name: 'First editor', version: version + 1 });
    expect((await call('plant/detail', { id: plantId })).json()).toMatchObject({ name: 'First editor', version: version + 1 });
  });

  it('makes no change whose audit entry cannot be written', async () => {
    const before = (await call('plant/detail', { id: plantId })).json<PlantDetail>();
    const { tenant_id: tenantId } = await db.selectFrom('plants').select('tenant_id').where('id', '=', plantId).executeTakeFirstOrThrow();
    await whileAuditRefused(db, tenantId, async () => {
      for (const [path, body] of [
        ['plant/update', { id: plantId, expectedVersion: before.version, payload: { name: 'Never audited' } }],
        [
          'plant/create',
          { name: 'Never audited', location: 'Jihlava', latitude: 49.4, longitude: 15.59, timezone: 'Europe/Prague', pvPeakKw: 5 },
        ],
      ] as const) {
        const response = await call(path, body);
        expect([path, response.statusCode]).toEqual([path, 500]);
      }
    });
    expect((await call('plant/detail', { id: plantId })).json()).toEqual(before);
    expect(await db.selectFrom('plants').select('id').where('name', '=', 'Never audited').execute()).toEqual([]);
  });

  it('creates a plant with the thing name it issues and its gateway login, once and not cached; the login connects to the broker', async () => {
    const body = {
      name: 'Nová elektrárna',
      location: 'Jihlava',
      latitude: 49.4,
      longitude: 15.59,
      timezone: 'Europe/Prague',
      pvPeakKw: 12.5,
      batteryKwh: 15,
    };
    const response = await call('plant/create', body);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { plant, gatewayLogin } = response.json<{ plant: PlantDetail; gatewayLogin: { username: string; password: string } }>();
    expect(plant).toMatchObject({ ...body, chargerKw: null, version: 1 });
    expect(isThingName(plant.thingName)).toBe(true);
    expect(gatewayLogin).toEqual({ username: `gw-${plant.thingName}`, password: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    const gateway = await mqtt.connectAsync(devices.mqttUrl, {
      clientId: gatewayLogin.username,
      username: gatewayLogin.username,
      password: gatewayLogin.password,
      reconnectPeriod: 0,
    });
    expect(gateway.connected).toBe(true);
    await gateway.endAsync(true);
    await expect(
      mqtt.connectAsync(devices.mqttUrl, {
        clientId: gatewayLogin.username,
        username: gatewayLogin.username,
        password: 'wrong',
        reconnectPeriod: 0,
      }),
    ).rejects.toThrow(/Bad username or password/);
    const audit = await db.selectFrom('audit_events').selectAll().where('target_id', '=', plant.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['plants.created']);
    expect(audit[0]?.details).not.toContain(gatewayLogin.password);
    // The detail never shows the password again.
    expect((await call('plant/detail', { id: plant.id })).body).not.toContain(gatewayLogin.password);
  });

  it('lets nobody choose a thing name, so no answer tells whether another organisation holds one', async () => {
    const base = { name: 'Dup', location: 'X', latitude: 1, longitude: 1, timezone: 'UTC', pvPeakKw: 1 };
    // Another organisation's thing name and a free one are refused alike: thingName is no field of the request.
    const answers = await Promise.all([theirs, `free-${run}`].map((thingName) => call('plant/create', { ...base, thingName })));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.json<ErrorAnswer>().error.details?.fields ?? {})).toEqual(['thingName']);
    }
    expect(answers[0]?.body.replace(theirs, '')).toBe(answers[1]?.body.replace(`free-${run}`, ''));
    expect(await db.selectFrom('plants').select('id').where('name', '=', 'Dup').execute()).toEqual([]);
    // Plants of the same settings get names of their own, none of them one that exists already.
    const created = await Promise.all([1, 2].map(() => call('plant/create', base)));
    const names = created.map((answer) => answer.json<{ plant: PlantDetail }>().plant.thingName);
    expect(created.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(new Set([...names, ours, theirs]).size).toBe(4);
  });

  it('checks the settings of a new plant by field, as plant/update does', async () => {
    const malformed = await call('plant/create', { name: 'Bad', location: 'X', latitude: 91, longitude: 1, timezone: 'UTC', pvPeakKw: 0 });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json<ErrorAnswer>().error.details?.fields ?? {}).sort()).toEqual(['latitude', 'pvPeakKw']);
    expect(await db.selectFrom('plants').select('id').where('name', '=', 'Bad').execute()).toEqual([]);
  });
});
