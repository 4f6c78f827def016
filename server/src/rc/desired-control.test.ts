// The SPEC's iot/thing/shadow/desired is a control like rc/set (SQLite and PostgreSQL): the key's
// module, the key's rule on this plant (a charger's currents within its rating, min ≤ max), the command history and the audit entry, and nothing at all
// (no desired value, no command, nothing to the device) when the entry cannot be written.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { RC_COMMAND_EXPIRY_MS, type ErrorBody, type RcCommand } from '@helio/contracts';
import type { Database } from '../db/schema';
import { startDevices, type DeviceServices } from '../iot/services';
import { insertPlant, insertTenant, recordingLog, userWithToken } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';
import { apiPost, testConfig } from '../testing/test-app';
import { expireCommands } from './commands';

describe.each(databaseTargets())('desired state as a control on $name', (target) => {
  const run = randomUUID().slice(0, 8);
  const things = { home: `desired-home-${run}`, noBattery: `desired-pv-${run}`, ev: `desired-ev-${run}` };
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let tenant: string;
  const tokens = { rc: '', emsOnly: '', evOnly: '', rcEv: '' };
  const plantIds = { home: '', noBattery: '', ev: '' };

  beforeAll(async () => {
    db = await target.create();
    tenant = await insertTenant(db);
    await insertPlant(db, tenant, things.home);
    await insertPlant(db, tenant, things.noBattery, { batteryKwh: null });
    await insertPlant(db, tenant, things.ev);
    for (const key of ['home', 'noBattery', 'ev'] as const)
      plantIds[key] = (await db.selectFrom('plants').select('id').where('thing_name', '=', things[key]).executeTakeFirstOrThrow()).id;
    const operatorWith = async (modules: string[]) => (await userWithToken(db, tenant, 'operator', undefined, modules)).idToken;
    tokens.rc = await operatorWith(['monitoring', 'rc']);
    tokens.emsOnly = await operatorWith(['monitoring', 'ems']);
    tokens.evOnly = await operatorWith(['monitoring', 'ev']);
    tokens.rcEv = await operatorWith(['monitoring', 'rc', 'ev']);
    // an 11 kW wallbox: 16 A per phase at most
    const now = new Date().toISOString();
    await db
      .insertInto('devices')
      .values({
        ...{ id: randomUUID(), plant_id: plantIds.ev, kind: 'charger', name: 'Wallbox', maker: 'W', model: 'M', serial: run },
        ...{ firmware: '1', rated_power_kw: 11, capacity_kwh: null, live_keys: '[]', created_at: now, updated_at: now },
      })
      .execute();
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: `desired-${run}` });
    app = await buildApp({ db, config, devices });
  });

  afterAll(async () => {
    await app.close();
    await devices.close();
    await target.destroy();
  });

  const desired = (thing: keyof typeof things, desiredKey: string, desiredState: unknown, token: string) =>
    apiPost(app, 'iot/thing/shadow/desired', { thingName: things[thing], desiredKey, desiredState }, token);
  const desiredOf = async (thing: keyof typeof things) => (await devices.shadows.get(things[thing]))?.state.desired ?? {};
  const commandsOf = async (thing: keyof typeof things) =>
    (await apiPost(app, 'rc/commands/list', { plantId: plantIds[thing] }, tokens.rc)).json<{ commands: RcCommand[] }>().commands;
  const controlsAudited = async () =>
    (
      await db
        .selectFrom('audit_events')
        .select('details')
        .where('tenant_id', '=', tenant)
        .where('action', '=', 'devices.control_sent')
        .execute()
    ).map((e) => JSON.parse(e.details) as Record<string, unknown>);

  it('needs the key’s module: the plant’s settings rc, the operating mode rc or ems, a charger’s settings ev', async () => {
    const refused = await desired('home', 'ExportLimit', 5000, tokens.emsOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.details).toEqual({ module: 'rc' });
    expect((await desired('home', 'ExportLimit', 5000, tokens.evOnly)).statusCode).toBe(403);
    expect((await desired('home', 'OperMode', 'backup', tokens.emsOnly)).statusCode).toBe(200);
    expect((await desired('home', 'EvMode', 'solar', tokens.rc)).json<ErrorBody>().error.details).toEqual({ module: 'ev' });
    expect(await desiredOf('home')).toEqual({ OperMode: 'backup' });
  });

  it('keeps the key’s rule on this plant: no battery setting without a battery, no charger setting without a charger', async () => {
    const battery = await desired('noBattery', 'BatSocMin', 20, tokens.rc);
    expect(battery.statusCode).toBe(400);
    expect(battery.json<ErrorBody>().error.details).toEqual({ field: 'key', key: 'BatSocMin', reason: 'noBattery' });
    const charger = await desired('home', 'EvMode', 'solar', tokens.evOnly);
    expect(charger.json<ErrorBody>().error.details).toEqual({ field: 'key', key: 'EvMode', reason: 'noCharger' });
    expect(await desiredOf('noBattery')).toEqual({});
  });

  it('keeps a charger’s currents within its rating and the minimum not above the maximum, on both calls', async () => {
    const refusalOf = (response: { statusCode: number; json: <T>() => T }) => [response.statusCode, response.json<ErrorBody>().error];
    expect(refusalOf(await desired('ev', 'EvMaxCurrent', 20, tokens.evOnly))).toEqual([
      400,
      expect.objectContaining({
        code: 'EvCurrentRange',
        details: expect.objectContaining({
          reason: 'range',
          maxCurrentA: 20,
          lowestA: 6,
          hwMaxCurrentA: 16,
          fields: { maxCurrentA: { problem: 'range' } },
        }),
      }),
    ]);
    expect((await desired('ev', 'EvMaxCurrent', 12, tokens.evOnly)).statusCode).toBe(200);
    // a minimum of 20 A: above the rating and above the 12 A asked for as the maximum
    expect(refusalOf(await desired('ev', 'EvMinCurrent', 20, tokens.evOnly))[1]).toMatchObject({
      code: 'EvCurrentRange',
      details: { reason: 'range' },
    });
    expect(refusalOf(await desired('ev', 'EvMinCurrent', 14, tokens.evOnly))[1]).toMatchObject({
      code: 'EvCurrentRange',
      details: { reason: 'minAboveMax', minCurrentA: 14, maxCurrentA: 12, fields: { minCurrentA: { problem: 'minAboveMax' } } },
    });
    const viaRcSet = await apiPost(
      app,
      'rc/set',
      { plantId: plantIds.ev, key: 'EvMinCurrent', value: 14, expectedVersion: (await devices.shadows.get(things.ev))!.version },
      tokens.rcEv,
    );
    expect(refusalOf(viaRcSet)[1]).toMatchObject({ code: 'EvCurrentRange', details: { reason: 'minAboveMax' } });
    // nor may the maximum go under the minimum asked for
    expect((await desired('ev', 'EvMinCurrent', 10, tokens.evOnly)).statusCode).toBe(200);
    expect(refusalOf(await desired('ev', 'EvMaxCurrent', 8, tokens.evOnly))[1]).toMatchObject({
      details: { reason: 'minAboveMax', minCurrentA: 10, maxCurrentA: 8 },
    });
    expect(await desiredOf('ev')).toEqual({ EvMaxCurrent: 12, EvMinCurrent: 10 });
  });

  it('records the command in the history and the audit entry, as rc/set does', async () => {
    const auditedBefore = (await controlsAudited()).length;
    expect((await desired('home', 'ExportLimit', 4200, tokens.rc)).statusCode).toBe(200);
    const [command] = await commandsOf('home');
    expect(command).toMatchObject({ key: 'ExportLimit', to: 4200, state: 'sent', source: 'user' });
    const audited = await controlsAudited();
    expect(audited).toHaveLength(auditedBefore + 1);
    expect(audited.at(-1)).toEqual({ key: 'ExportLimit', from: null, to: 4200 });
  });

  it('cancels the waiting command when its desired value is cleared before the device took it', async () => {
    expect((await desired('home', 'ExportLimit', 3900, tokens.rc)).statusCode).toBe(200);
    expect((await desired('home', 'ExportLimit', null, tokens.rc)).statusCode).toBe(200);
    expect((await desiredOf('home')).ExportLimit).toBeUndefined();
    const exportLimit = (await commandsOf('home')).filter((c) => c.key === 'ExportLimit');
    expect(exportLimit.map((c) => [c.to, c.state])).toContainEqual([3900, 'cancelled']);
    expect(exportLimit.filter((c) => c.state === 'sent')).toEqual([]);
  });

  it('expires a value the device did not take within the expiry: the history says expired, the desired key is cleared', async () => {
    expect((await desired('noBattery', 'ExportLimit', 3300, tokens.rc)).statusCode).toBe(200);
    expect((await desired('noBattery', 'OperMode', 'backup', tokens.rc)).statusCode).toBe(200);
    const sentAt = Date.parse((await commandsOf('noBattery')).find((c) => c.key === 'ExportLimit')!.sentAt);
    // the clock the test drives: just before the expiry nothing changes
    expect(await expireCommands(db, devices.shadows, sentAt + RC_COMMAND_EXPIRY_MS - 1, plantIds.noBattery)).toBe(0);
    expect(await desiredOf('noBattery')).toEqual({ ExportLimit: 3300, OperMode: 'backup' });
    // a newer value for the same key than the expired command's is not cleared
    await devices.shadows.setDesired(things.noBattery, { OperMode: 'self-consumption' });
    const heard: string[][] = [];
    const stopHearing = devices.shadows.onChange((change) => heard.push(Object.keys(change.doc.state.desired)));
    expect(await expireCommands(db, devices.shadows, sentAt + RC_COMMAND_EXPIRY_MS + 60_000)).toBeGreaterThanOrEqual(2);
    stopHearing();
    expect(await desiredOf('noBattery')).toEqual({ OperMode: 'self-consumption' });
    // the clear is a shadow change like any other: the live streams and the device hear of it
    expect(heard).toContainEqual(['OperMode']);
    const states = (await commandsOf('noBattery')).map((c) => [c.key, c.to, c.state]);
    expect(states).toContainEqual(['ExportLimit', 3300, 'expired']);
    expect(states).toContainEqual(['OperMode', 'backup', 'expired']);
    expect(await expireCommands(db, devices.shadows, sentAt + RC_COMMAND_EXPIRY_MS + 120_000, plantIds.noBattery)).toBe(0);
  });

  it('makes no change, records no command and tells the device nothing when the audit entry cannot be written', async () => {
    const [before, commandsBefore] = [await desiredOf('home'), await commandsOf('home')];
    // What the broker and the live streams hear of: the store's committed changes.
    const heard: string[] = [];
    const stopHearing = devices.shadows.onChange((change) => heard.push(change.thingName));
    await whileAuditRefused(db, tenant, async () => {
      for (const [path, body] of [
        ['iot/thing/shadow/desired', { thingName: things.home, desiredKey: 'ExportLimit', desiredState: 100 }],
        [
          'rc/set',
          {
            plantId: plantIds.home,
            key: 'ExportLimit',
            value: 100,
            expectedVersion: (await devices.shadows.get(things.home))?.version ?? 0,
          },
        ],
      ] as const) {
        const response = await apiPost(app, path, body, tokens.rc);
        expect([path, response.statusCode]).toEqual([path, 500]);
      }
    });
    stopHearing();
    expect(heard).toEqual([]);
    expect(await desiredOf('home')).toEqual(before);
    expect(await commandsOf('home')).toEqual(commandsBefore);
  });
});
