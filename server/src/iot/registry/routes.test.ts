// The device registry and gateway password rotation through the real app, broker and database.
import {
  RegistryPlant as RegistryPlantSchema,
  REGISTRY_PAGE_SIZE_DEFAULT,
  REGISTRY_PAGE_SIZE_MAX,
  REGISTRY_TOTAL_HEADER,
  reportedTopic,
  statusTopic,
} from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/schema';
import { buildApp } from '../../http/app';
import { databaseTargets } from '../../testing/databases';
import { whileAuditRefused } from '../../testing/refused-audit';
import { apiPost, testConfig } from '../../testing/test-app';
import { insertTag, setPlantTags } from '../../tags/tags';
import { setNewGatewayPassword } from '../mqtt/gateway-credentials';
import type { RegistryPlant } from './registry';
import { startDevices, type DeviceServices } from '../services';
import { insertPlant, insertTenant, recordingLog, renamePlant, userWithToken } from '../test-fixtures';
import { until } from '../../testing/until';

describe.each(databaseTargets())('device registry on $name', (target) => {
  const run = randomUUID().slice(0, 8);
  const brno = `reg-brno-${run}`;
  const olomouc = `reg-olomouc-${run}`;
  const plzen = `reg-plzen-${run}`;
  const theirs = `reg-theirs-${run}`;
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let viewer: string;
  let admin: string;
  let brnoPassword: string;
  const idOf = async (thingName: string) =>
    (await db.selectFrom('plants').select('id').where('thing_name', '=', thingName).executeTakeFirstOrThrow()).id;
  const gateways: MqttClient[] = [];
  const connectGateway = async (thingName: string, password: string) => {
    const client = await mqtt.connectAsync(devices.mqttUrl, {
      clientId: `gw-${thingName}`,
      username: `gw-${thingName}`,
      password,
      reconnectPeriod: 0,
      will: { topic: statusTopic(thingName), payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    gateways.push(client);
    return client;
  };

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    for (const thing of [brno, olomouc, plzen]) await insertPlant(db, tenant, thing);
    await renamePlant(db, brno, 'Brno Střecha');
    await renamePlant(db, olomouc, 'Olomouc Hala');
    await renamePlant(db, plzen, 'Plzeň Sklad');
    await insertPlant(db, await insertTenant(db), theirs);
    brnoPassword = (await setNewGatewayPassword(db, { id: await idOf(brno), thing_name: brno })).password;
    viewer = (await userWithToken(db, tenant, 'viewer')).idToken;
    admin = (await userWithToken(db, tenant, 'admin')).idToken;
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: `registry-${run}` });
    app = await buildApp({ db, config, devices });
    await devices.shadows.applyReported(olomouc, { ActPwrPve: 1, FirmwareVersion: '2.4.1' }, Date.now() - 10 * 60_000);
  });

  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.endAsync(true)));
    await app.close();
    await devices.close();
    await target.destroy();
  });

  const find = async (filter?: object, token = viewer) => {
    const response = await apiPost(app, 'hono/plants/find', filter === undefined ? {} : { filter }, token);
    expect(response.statusCode).toBe(200);
    return response.json<RegistryPlant[]>();
  };

  it('shows a gateway online, connected and last seen once it connects and reports', async () => {
    const gateway = await connectGateway(brno, brnoPassword);
    const since = Date.now();
    await gateway.publishAsync(statusTopic(brno), JSON.stringify({ online: true, since }), { qos: 1, retain: true });
    await gateway.publishAsync(reportedTopic(brno), JSON.stringify({ state: { reported: { ActPwrPve: 1200 } } }), { qos: 1 });
    const plant = await until(async () => {
      const [found] = await find({ thingName: brno });
      return found?.status === 'online' && found.connected === true ? found : undefined;
    });
    expect(plant).toEqual({
      id: await idOf(brno),
      name: 'Brno Střecha',
      thingName: brno,
      gatewayClientId: `gw-${brno}`,
      hasCredentials: true,
      status: 'online',
      lastSeen: expect.any(String),
      connected: true,
      connectedSince: new Date(since).toISOString(),
      firmware: null,
      shadowVersion: 1,
      tagIds: [],
      todayEnergyKwh: expect.any(Number),
    });
    // seen at the report, not earlier (Date's resolution is whole milliseconds)
    expect(Date.parse(plant.lastSeen ?? '')).toBeGreaterThanOrEqual(since);
  });

  it('tells the server’s own connection to the embedded broker', async () => {
    const response = await apiPost(app, 'iot/broker/status', {}, viewer);
    expect(response.statusCode).toBe(200);
    const state = response.json<{ connected: boolean; since: string | null; embedded: boolean }>();
    expect(state).toMatchObject({ connected: true, embedded: true });
    expect(Date.parse(state.since as string)).toBeLessThanOrEqual(Date.now());
  });

  it('lists the tenant’s plants by name, offline when silent for over 5 minutes or never heard of', async () => {
    const plants = await find();
    expect(plants.map((p) => [p.name, p.status])).toEqual([
      ['Brno Střecha', 'online'],
      ['Olomouc Hala', 'offline'],
      ['Plzeň Sklad', 'offline'],
    ]);
    const olomoucPlant = plants.find((p) => p.thingName === olomouc);
    expect(olomoucPlant).toMatchObject({
      firmware: '2.4.1',
      shadowVersion: 1,
      connected: null,
      connectedSince: null,
      hasCredentials: false,
    });
    expect(plants.find((p) => p.thingName === plzen)).toMatchObject({ lastSeen: null, shadowVersion: 0 });
    expect(plants.some((p) => p.thingName === theirs)).toBe(false);
  });

  it('filters by part of the name in any case, by thing name, by status; a tag no plant carries matches nothing', async () => {
    expect((await find({ name: 'STŘE' })).map((p) => p.thingName)).toEqual([brno]);
    expect((await find({ name: 'a', status: 'offline' })).map((p) => p.thingName)).toEqual([olomouc, plzen]);
    expect((await find({ thingName: olomouc })).map((p) => p.thingName)).toEqual([olomouc]);
    expect(await find({ thingName: theirs })).toEqual([]);
    expect(await find({ tag: 'roof' })).toEqual([]);
  });

  it('answers 400 to a filter it does not know or a wrong value', async () => {
    for (const filter of [{ colour: 'red' }, { status: 'sleeping' }, { name: '' }, { name: 5 }]) {
      const response = await apiPost(app, 'hono/plants/find', { filter }, viewer);
      expect([JSON.stringify(filter), response.statusCode]).toEqual([JSON.stringify(filter), 400]);
      expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  });

  it('answers the list in pages of pageSize, pageOffset counting pages from 0, each plant with its own tags', async () => {
    const tenantId = (await db.selectFrom('plants').select('tenant_id').where('thing_name', '=', brno).executeTakeFirstOrThrow()).tenant_id;
    const roof = await insertTag(db, tenantId, { name: `Střecha ${run}`, colour: 'blue' });
    await setPlantTags(db, [await idOf(plzen)], [roof], []);
    const page = async (body: object) => {
      const response = await apiPost(app, 'hono/plants/find', body, viewer);
      expect(response.statusCode).toBe(200);
      return response.json<RegistryPlant[]>().map((p) => [p.thingName, p.tagIds]);
    };
    expect(await page({ pageSize: 2 })).toEqual([
      [brno, []],
      [olomouc, []],
    ]);
    expect(await page({ pageSize: 2, pageOffset: 1 })).toEqual([[plzen, [roof]]]);
    expect(await page({ pageSize: 2, pageOffset: 2 })).toEqual([]);
    expect(await page({ filter: { status: 'offline' }, pageSize: 1, pageOffset: 1 })).toEqual([[plzen, [roof]]]);
    expect(await page({})).toEqual([
      [brno, []],
      [olomouc, []],
      [plzen, [roof]],
    ]);
  });

  it('answers the first REGISTRY_PAGE_SIZE_DEFAULT plants without pageSize, and counts every match in x-total-count', async () => {
    const fleet = await insertTenant(db);
    const things = Array.from({ length: REGISTRY_PAGE_SIZE_DEFAULT + 3 }, (_, i) => `reg-fleet-${run}-${String(i).padStart(3, '0')}`);
    for (const thing of things) await insertPlant(db, fleet, thing);
    const fleetViewer = (await userWithToken(db, fleet, 'viewer')).idToken;
    const call = async (body: object) => {
      const response = await apiPost(app, 'hono/plants/find', body, fleetViewer);
      expect(response.statusCode).toBe(200);
      return { things: response.json<RegistryPlant[]>().map((p) => p.thingName), total: response.headers[REGISTRY_TOTAL_HEADER] };
    };
    expect(await call({})).toEqual({ things: things.slice(0, REGISTRY_PAGE_SIZE_DEFAULT), total: String(things.length) });
    expect(await call({ pageSize: REGISTRY_PAGE_SIZE_DEFAULT, pageOffset: 1 })).toEqual({
      things: things.slice(REGISTRY_PAGE_SIZE_DEFAULT),
      total: String(things.length),
    });
    // The count follows the filter, not the page.
    expect(await call({ filter: { name: `${run}-10` }, pageSize: 2 })).toEqual({
      things: things.filter((t) => t.includes(`${run}-10`)).slice(0, 2),
      total: String(things.filter((t) => t.includes(`${run}-10`)).length),
    });
  });

  it('answers each plant with exactly the contract’s fields', async () => {
    // The list is sent as JSON.stringify's text (http/built-answer.ts), not filtered by the schema's serializer.
    for (const plant of await find()) expect(Object.keys(plant).sort()).toEqual(Object.keys(RegistryPlantSchema.properties).sort());
  });

  it('answers 400 to a page without its size, a size of 0 or over the limit, and a negative page', async () => {
    for (const body of [{ pageOffset: 1 }, { pageSize: 0 }, { pageSize: REGISTRY_PAGE_SIZE_MAX + 1 }, { pageSize: 10, pageOffset: -1 }]) {
      const response = await apiPost(app, 'hono/plants/find', body, viewer);
      expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), 400]);
    }
  });

  it('gets one plant by id, and answers 404 for another tenant’s', async () => {
    const response = await apiPost(app, 'hono/plants/get', { id: await idOf(olomouc) }, viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ thingName: olomouc, status: 'offline' });
    const foreign = await apiPost(app, 'hono/plants/get', { id: await idOf(theirs) }, viewer);
    expect(foreign.statusCode).toBe(404);
  });

  const health = {
    version: '0.1.0',
    at: Date.now(),
    devices: [{ id: 'inverter-1', kind: 'inverter', address: '192.168.1.20:502 unit 1', answering: true, lastAnswerAt: Date.now() }],
    buffered: 0,
    dropped: 0,
    exportLimit: { mode: 'off', capW: null },
  };
  const healthOf = async (thingName: string) => {
    const response = await apiPost(app, 'iot/gateway/health', { id: await idOf(thingName) }, viewer);
    return { statusCode: response.statusCode, body: response.json<{ connected: boolean | null; health: unknown }>() };
  };

  it('answers the health a gateway sends with its status; nothing for a gateway that sent none, 404 for another tenant’s', async () => {
    const gateway = gateways[0] as MqttClient;
    await gateway.publishAsync(statusTopic(brno), JSON.stringify({ online: true, since: Date.now(), health }), { qos: 1, retain: true });
    const answer = await until(async () => {
      const found = await healthOf(brno);
      return found.body.health ? found : undefined;
    });
    expect(answer).toEqual({ statusCode: 200, body: { connected: true, health } });
    expect(await healthOf(plzen)).toEqual({ statusCode: 200, body: { connected: null, health: null } });
    expect((await healthOf(theirs)).statusCode).toBe(404);
  });

  it('shows a gateway offline as soon as its connection is lost (its last will)', async () => {
    const gateway = gateways[0] as MqttClient;
    gateway.stream.destroy(); // no DISCONNECT: the broker publishes the will
    const plant = await until(async () => {
      const [found] = await find({ thingName: brno });
      return found?.connected === false ? found : undefined;
    });
    expect(plant).toMatchObject({ status: 'offline', connectedSince: null });
    // its last health stays, for what it said before it left
    expect((await healthOf(brno)).body).toEqual({ connected: false, health });
  });

  it('makes no change whose audit entry cannot be written: the gateway keeps its password', async () => {
    const plantId = await idOf(plzen);
    const { password } = await setNewGatewayPassword(db, { id: plantId, thing_name: plzen });
    const tenantId = (await db.selectFrom('plants').select('tenant_id').where('id', '=', plantId).executeTakeFirstOrThrow()).tenant_id;
    await whileAuditRefused(db, tenantId, async () => {
      expect((await apiPost(app, 'plant/gateway/credentials/rotate', { id: plantId }, admin)).statusCode).toBe(500);
    });
    expect((await connectGateway(plzen, password)).connected).toBe(true);
  });

  it('rotates a gateway password for plants:write only, answering the new one once; the old one stops working', async () => {
    const plantId = await idOf(brno);
    const refused = await apiPost(app, 'plant/gateway/credentials/rotate', { id: plantId }, viewer);
    expect(refused.statusCode).toBe(403);
    const connected = await connectGateway(brno, brnoPassword);
    const closed = new Promise<void>((resolve) => connected.once('close', () => resolve()));
    const response = await apiPost(app, 'plant/gateway/credentials/rotate', { id: plantId }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const login = response.json<{ username: string; password: string }>();
    expect(login).toEqual({ username: `gw-${brno}`, password: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    await closed; // the connection made with the old password is dropped
    await expect(connectGateway(brno, brnoPassword)).rejects.toThrow(/Bad username or password/);
    expect((await connectGateway(brno, login.password)).connected).toBe(true);
    const audit = await db.selectFrom('audit_events').select(['action', 'target_id', 'details']).where('target_id', '=', plantId).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe('devices.gateway_password_rotated');
    expect(audit[0]?.details).not.toContain(login.password);
    const foreign = await apiPost(app, 'plant/gateway/credentials/rotate', { id: await idOf(theirs) }, admin);
    expect(foreign.statusCode).toBe(404);
  });
});
