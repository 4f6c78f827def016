// The central system over the real server (HTTP upgrade on the console's port, the database, the
// shadows, the alert machinery) against charge points made with ocpp-rpc's own client in strict mode.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { RPCClient } from 'ocpp-rpc';
import type { Database } from '../db/schema';
import { startDevices, type DeviceServices } from '../iot/services';
import { insertPlant, insertTenant, recordingLog } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { notificationsDb } from '../notifications/notifications-db';
import { databaseTargets } from '../testing/databases';
import { testConfig } from '../testing/test-app';
import { until } from '../testing/until';
import { addCharger, addIdTag, removeCharger, setFreeCharging } from './chargers';
import { ocppDb } from './tables';
import { BOOT, chargePoint, meterValue, ocppEndpoint } from './test-charge-point';

describe.each(databaseTargets())('OCPP 1.6J central system on $name', (target) => {
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let plantId: string;
  let endpoint: string;
  const open: RPCClient[] = [];

  /** A charger of the plant and a strict charge point for it, connected (not yet booted). */
  async function connected(opts: { free?: boolean } = {}) {
    const cpId = `CP-${randomUUID().slice(0, 8)}`;
    const { charger, password } = await addCharger(db, { plantId, chargePointId: cpId, name: `Charger ${cpId}`, freeCharging: opts.free });
    const cp = chargePoint(endpoint, cpId, password);
    open.push(cp);
    await cp.connect();
    return { cp, charger, password, cpId };
  }

  beforeAll(async () => {
    db = await target.create();
    const tenantId = await insertTenant(db);
    const thing = `ocpp-${randomUUID().slice(0, 8)}`;
    await insertPlant(db, tenantId, thing);
    plantId = (await db.selectFrom('plants').select('id').where('thing_name', '=', thing).executeTakeFirstOrThrow()).id;
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({
      db,
      config,
      log: recordingLog(),
      clientId: `ocpp-${thing}`,
      ocppCallTimeoutMs: 2000,
      ocppControlTickMs: 0,
      // Frozen in effect: a burst of 20 calls, then none for a long while (the flood test counts exactly).
      ocppFlood: { perSecond: 0.001, burst: 20, maxPending: 10 },
    });
    app = await buildApp({ db, config, devices });
    await app.listen({ port: 0, host: '127.0.0.1' });
    endpoint = ocppEndpoint(app);
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((cp) => cp.close({ force: true })));
  });

  afterAll(async () => {
    await app.close();
    await devices.close();
    await target.destroy();
  });

  it('refuses an unknown charge point and a wrong password at the upgrade', async () => {
    const { cpId } = await connected();
    const refusal = (cp: RPCClient) =>
      cp.connect().then(
        () => 'connected',
        (error: { code?: number }) => error.code,
      );
    expect(await refusal(chargePoint(endpoint, 'NOBODY-1', 'whatever-password-1234'))).toBe(401);
    expect(await refusal(chargePoint(endpoint, cpId, 'not-the-password-00000'))).toBe(401);
    expect(await refusal(chargePoint(endpoint, cpId, undefined))).toBe(401);
    expect(devices.ocpp.holds(cpId)).toBe(false);
  });

  it('accepts the boot of a known charger with the heartbeat interval, and keeps what it told', async () => {
    const { cp, charger } = await connected();
    const boot = (await cp.call('BootNotification', BOOT)) as { status: string; interval: number; currentTime: string };
    expect(boot.status).toBe('Accepted');
    expect(boot.interval).toBe(300);
    const heartbeat = (await cp.call('Heartbeat', {})) as { currentTime: string };
    expect(Number.isFinite(Date.parse(heartbeat.currentTime))).toBe(true);
    const row = await ocppDb(db).selectFrom('chargers').selectAll().where('id', '=', charger.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ vendor: 'Wallbox', model: 'Pulsar Plus', firmware: '6.4.12', serial: 'WB-1', connection: 'online' });
    expect(row.last_heartbeat_at).not.toBeNull();
  });

  it('rejects the boot of a charger removed while it was connected', async () => {
    const { cp, charger } = await connected();
    await removeCharger(db, charger.id);
    const boot = (await cp.call('BootNotification', BOOT)) as { status: string };
    expect(boot.status).toBe('Rejected');
  });

  it('raises the plant’s chargerFault alert on Faulted and clears it when the connector recovers', async () => {
    const { cp, charger } = await connected();
    await cp.call('BootNotification', BOOT);
    await cp.call('StatusNotification', { connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure', info: 'RCD tripped' });
    const alerts = () =>
      notificationsDb(db).selectFrom('alerts').selectAll().where('plant_id', '=', plantId).where('kind', '=', 'chargerFault').execute();
    const [opened] = await alerts();
    expect(opened).toMatchObject({ severity: 'warning', ended_at: null });
    expect(JSON.parse(opened?.details ?? '{}')).toMatchObject({ chargerId: charger.id, connectorId: 1, errorCode: 'GroundFailure' });
    const connector = await ocppDb(db)
      .selectFrom('charger_connectors')
      .selectAll()
      .where('charger_id', '=', charger.id)
      .executeTakeFirstOrThrow();
    expect(connector).toMatchObject({ status: 'Faulted', error_code: 'GroundFailure', info: 'RCD tripped' });

    await cp.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' });
    const [cleared] = await alerts();
    expect(cleared?.ended_at).not.toBeNull();
    const shadow = await devices.shadows.get(charger.thing_name);
    expect(shadow?.state.reported).toMatchObject({ EvStatus: 'Available', EvConnected: false, EvOnline: true });
  });

  it('authorizes the plant’s id tags only, any tag under free charging', async () => {
    await addIdTag(db, { plantId, idTag: 'CARD-OK' });
    await addIdTag(db, { plantId, idTag: 'CARD-BLOCKED', blocked: true });
    await addIdTag(db, { plantId, idTag: 'CARD-OLD', expiresAt: '2020-01-01T00:00:00.000Z' });
    const { cp, charger } = await connected();
    await cp.call('BootNotification', BOOT);
    const status = async (idTag: string) => ((await cp.call('Authorize', { idTag })) as { idTagInfo: { status: string } }).idTagInfo.status;
    expect(await status('card-ok')).toBe('Accepted');
    expect(await status('CARD-BLOCKED')).toBe('Blocked');
    expect(await status('CARD-OLD')).toBe('Expired');
    expect(await status('STRANGER')).toBe('Invalid');
    await setFreeCharging(db, charger.id, true);
    expect(await status('STRANGER')).toBe('Accepted');
  });

  it('stores a session from start to stop, each meter value once however often it is sent', async () => {
    await addIdTag(db, { plantId, idTag: 'SESSION-TAG' });
    const { cp, charger } = await connected();
    await cp.call('BootNotification', BOOT);
    const t0 = Date.now() - 60_000;
    const at = (s: number) => new Date(t0 + s * 1000).toISOString();
    const start = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'SESSION-TAG',
      meterStart: 1_000_000,
      timestamp: at(0),
    })) as {
      transactionId: number;
      idTagInfo: { status: string };
    };
    expect(start.idTagInfo.status).toBe('Accepted');
    // The same start again (the charger missed the answer) is the same transaction.
    const again = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'SESSION-TAG',
      meterStart: 1_000_000,
      timestamp: at(0),
    })) as {
      transactionId: number;
    };
    expect(again.transactionId).toBe(start.transactionId);

    const { transactionId } = start;
    const values = [meterValue(at(10), 1_000_500, 7200, 10.4, 41), meterValue(at(20), 1_001_200, 7300, 10.6, 42)];
    await cp.call('MeterValues', { connectorId: 1, transactionId, meterValue: values });
    await cp.call('MeterValues', { connectorId: 1, transactionId, meterValue: values }); // sent twice
    await cp.call('MeterValues', { connectorId: 1, transactionId, meterValue: [values[0]] }); // and one late again
    const shadow = await devices.shadows.get(charger.thing_name);
    expect(shadow?.state.reported).toMatchObject({
      EnergyEvTotal: 1001.2,
      ActPwrEv: 7300,
      EvCurrentL1: 10.6,
      EvCurrent: 10.6,
      EvActivePhases: 3,
      EvCarSoc: 42,
      EvSessionKwh: 1.2,
    });
    const samples = await db
      .selectFrom('metric_samples')
      .select(['metric_key', 'ts'])
      .where('thing_name', '=', charger.thing_name)
      .where('metric_key', '=', 'EnergyEvTotal')
      .orderBy('ts')
      .execute();
    // The start's register, then the two meter values: each timestamp once.
    expect(samples.map((s) => Number(s.ts))).toEqual([t0, t0 + 10_000, t0 + 20_000]);
    // Rolled up on the plant's clock (Europe/Prague), not UTC's.
    const day = await db
      .selectFrom('metric_rollups')
      .select('bucket')
      .where('thing_name', '=', charger.thing_name)
      .where('metric_key', '=', 'EnergyEvTotal')
      .where('granularity', '=', 'day')
      .executeTakeFirstOrThrow();
    expect(Number(day.bucket) % 86_400_000).not.toBe(0);

    const stop = (await cp.call('StopTransaction', {
      transactionId,
      meterStop: 1_001_900,
      timestamp: at(30),
      idTag: 'SESSION-TAG',
      reason: 'EVDisconnected',
    })) as {
      idTagInfo?: { status: string };
    };
    expect(stop.idTagInfo?.status).toBe('Accepted');
    const session = await ocppDb(db)
      .selectFrom('charging_transactions')
      .selectAll()
      .where('id', '=', transactionId)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ charger_id: charger.id, connector_id: 1, id_tag: 'SESSION-TAG', stop_reason: 'EVDisconnected' });
    expect(Number(session.meter_stop_wh) - Number(session.meter_start_wh)).toBe(1900);
    expect(session.stopped_at).toBe(at(30));
  });

  it('answers a stop of an unknown transaction without storing anything', async () => {
    const { cp, charger } = await connected();
    await cp.call('BootNotification', BOOT);
    const stop = (await cp.call('StopTransaction', {
      transactionId: 987654,
      meterStop: 5,
      timestamp: new Date().toISOString(),
      idTag: 'NOBODY',
    })) as {
      idTagInfo?: { status: string };
    };
    expect(stop).toEqual({ idTagInfo: { status: 'Invalid' } });
    const rows = await ocppDb(db).selectFrom('charging_transactions').select('id').where('charger_id', '=', charger.id).execute();
    expect(rows).toEqual([]);
  });

  it('resumes a session when the charger reconnects in the middle of it', async () => {
    const { cp, charger, password, cpId } = await connected({ free: true });
    await cp.call('BootNotification', BOOT);
    const t0 = Date.now() - 120_000;
    const at = (s: number) => new Date(t0 + s * 1000).toISOString();
    const { transactionId } = (await cp.call('StartTransaction', { connectorId: 1, idTag: 'ANY', meterStart: 0, timestamp: at(0) })) as {
      transactionId: number;
    };
    await cp.close({ force: true });
    await until(
      async () =>
        (await ocppDb(db).selectFrom('chargers').select('connection').where('id', '=', charger.id).executeTakeFirst())?.connection ===
        'offline',
    );

    const back = chargePoint(endpoint, cpId, password);
    open.push(back);
    await back.connect();
    await back.call('BootNotification', BOOT);
    await back.call('MeterValues', { connectorId: 1, transactionId, meterValue: [meterValue(at(60), 800, 3600, 16)] });
    await back.call('StopTransaction', { transactionId, meterStop: 1500, timestamp: at(90), reason: 'Local' });
    const session = await ocppDb(db)
      .selectFrom('charging_transactions')
      .selectAll()
      .where('id', '=', transactionId)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ meter_stop_wh: 1500, stop_reason: 'Local', stopped_at: at(90) });
  });

  it('records a call as pending until the charger answers, then accepted, rejected or timed out', async () => {
    const { cp, charger } = await connected();
    await cp.call('BootNotification', BOOT);
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    cp.handle('SetChargingProfile', async () => {
      await answered;
      return { status: 'Accepted' };
    });
    cp.handle('ChangeAvailability', () => Promise.resolve({ status: 'Rejected' }));
    cp.handle('Reset', () => new Promise(() => undefined)); // never answers

    const profile = {
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 1,
        stackLevel: 0,
        chargingProfilePurpose: 'TxDefaultProfile' as const,
        chargingProfileKind: 'Relative' as const,
        chargingSchedule: { chargingRateUnit: 'A' as const, chargingSchedulePeriod: [{ startPeriod: 0, limit: 10, numberPhases: 3 }] },
      },
    };
    const sent = await devices.ocpp.commands.send(charger.id, 'SetChargingProfile', profile, {
      source: 'user',
      user: { id: 'u1', email: 'a@b.c' },
    });
    expect(sent.state).toBe('pending');
    expect((await devices.ocpp.commands.read(sent.id))?.state).toBe('pending');
    release();
    const done = await devices.ocpp.commands.settled(sent.id);
    expect(done).toMatchObject({ state: 'accepted', answerStatus: 'Accepted', userEmail: 'a@b.c', action: 'SetChargingProfile' });
    expect(done.answerMs).not.toBeNull();

    const refused = await devices.ocpp.commands.sendAndWait(
      charger.id,
      'ChangeAvailability',
      { connectorId: 0, type: 'Inoperative' },
      { source: 'user' },
    );
    expect(refused).toMatchObject({ state: 'rejected', answerStatus: 'Rejected' });
    const silent = await devices.ocpp.commands.sendAndWait(charger.id, 'Reset', { type: 'Soft' }, { source: 'user' });
    expect(silent.state).toBe('timed_out');
    const history = await devices.ocpp.commands.list(charger.id);
    expect(history.map((c) => c.action).sort()).toEqual(['ChangeAvailability', 'Reset', 'SetChargingProfile']);
  });

  it('sends the plant’s surplus as a TxProfile to a charger in Min+PV mode', async () => {
    const thing = (await db.selectFrom('plants').select('thing_name').where('id', '=', plantId).executeTakeFirstOrThrow()).thing_name;
    // The controller shares the surplus among the plant's chargers in a surplus mode: this one alone.
    await ocppDb(db).deleteFrom('chargers').where('plant_id', '=', plantId).execute();
    const { cp, charger } = await connected({ free: true });
    const profiles: unknown[] = [];
    cp.handle('GetConfiguration', () =>
      Promise.resolve({ configurationKey: [{ key: 'MinimumStatusDuration', readonly: false, value: '15' }] }),
    );
    cp.handle('SetChargingProfile', ({ params }) => {
      profiles.push(params);
      return Promise.resolve({ status: 'Accepted' });
    });
    await cp.call('BootNotification', BOOT);
    const { transactionId } = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'X',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as {
      transactionId: number;
    };
    // Its own setting, as /ev sets it (ev/charger/settings).
    await ocppDb(db).updateTable('chargers').set({ mode: 'minsolar' }).where('id', '=', charger.id).execute();
    await devices.shadows.applyReported(thing, { ActPwrGrid: -5000, ActPwrBat: 0 });

    await devices.ocpp.controller.tick();
    await until(() => profiles.length === 1);
    expect(profiles[0]).toEqual({
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 2,
        transactionId,
        stackLevel: 1,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 7, numberPhases: 3 }] },
      },
    });
    const row = await ocppDb(db).selectFrom('chargers').selectAll().where('id', '=', charger.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ min_status_duration_s: 15, max_current_a: 16 });
    const sent = await devices.ocpp.commands.list(charger.id);
    expect(sent.map((c) => [c.action, c.source])).toEqual(
      expect.arrayContaining([
        ['GetConfiguration', 'system'],
        ['SetChargingProfile', 'controller'],
      ]),
    );
  });

  it('takes the phases from the charger’s ConnectorPhaseRotation: a single-phase 7.4 kW box is 32 A on one phase', async () => {
    const thing = (await db.selectFrom('plants').select('thing_name').where('id', '=', plantId).executeTakeFirstOrThrow()).thing_name;
    await ocppDb(db).deleteFrom('chargers').where('plant_id', '=', plantId).execute();
    const deviceId = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto('devices')
      .values({
        id: deviceId,
        plant_id: plantId,
        kind: 'charger',
        name: 'Single',
        maker: 'Alfen',
        model: 'Eve Single',
        serial: deviceId.slice(0, 8),
        firmware: '1',
        rated_power_kw: 7.4,
        capacity_kwh: null,
        live_keys: '[]',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const cpId = `CP-${randomUUID().slice(0, 8)}`;
    const { charger, password } = await addCharger(db, {
      plantId,
      chargePointId: cpId,
      name: 'Single',
      deviceId,
      ratedPowerKw: 7.4,
      freeCharging: true,
    });
    // Rated at 3 × 230 V, 7.4 kW would be 11 A: what this box is not.
    expect(charger).toMatchObject({ hw_phases: 3, hw_max_current_a: 11 });
    const cp = chargePoint(endpoint, cpId, password);
    open.push(cp);
    await cp.connect();
    const profiles: Array<{ csChargingProfiles: { chargingSchedule: { chargingSchedulePeriod: unknown[] } } }> = [];
    cp.handle('GetConfiguration', ({ params }) =>
      Promise.resolve({
        configurationKey: [{ key: 'ConnectorPhaseRotation', readonly: true, value: '0.RST,1.NotApplicable' }],
        unknownKey: (params as { key: string[] }).key.filter((k) => k !== 'ConnectorPhaseRotation'),
      }),
    );
    cp.handle('SetChargingProfile', ({ params }) => {
      profiles.push(params as (typeof profiles)[number]);
      return Promise.resolve({ status: 'Accepted' });
    });
    await cp.call('BootNotification', BOOT);
    await cp.call('StartTransaction', { connectorId: 1, idTag: 'X', meterStart: 0, timestamp: new Date().toISOString() });
    await ocppDb(db).updateTable('chargers').set({ mode: 'fast', max_current_a: 32 }).where('id', '=', charger.id).execute();
    await devices.shadows.applyReported(thing, { ActPwrGrid: 0, ActPwrBat: 0 });
    await devices.ocpp.controller.tick();
    await until(() => profiles.length === 1);
    expect(profiles[0]?.csChargingProfiles.chargingSchedule.chargingSchedulePeriod).toEqual([
      { startPeriod: 0, limit: 32, numberPhases: 1 },
    ]);
    const row = await ocppDb(db).selectFrom('chargers').selectAll().where('id', '=', charger.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ hw_phases: 1, hw_max_current_a: 32, max_current_a: 32 });
  });

  it('replaces the first connection when a second one opens with the same id', async () => {
    const { cp: first, password, cpId, charger } = await connected();
    const closed = new Promise<{ code: number }>((resolve) => first.once('close', resolve));
    const second = chargePoint(endpoint, cpId, password);
    open.push(second);
    await second.connect();
    expect((await closed).code).toBe(4000);
    expect(((await second.call('BootNotification', BOOT)) as { status: string }).status).toBe('Accepted');
    expect(devices.ocpp.holds(charger.id)).toBe(true);
    const row = await ocppDb(db).selectFrom('chargers').select('connection').where('id', '=', charger.id).executeTakeFirstOrThrow();
    expect(row.connection).toBe('online');
  });

  it('answers malformed frames and unknown actions with a CALLERROR and goes on serving', async () => {
    const { cp } = await connected();
    const answers: unknown[] = [];
    cp.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
      if (!outbound) answers.push(JSON.parse(String(message)));
    });
    cp.sendRaw('this is not JSON');
    cp.sendRaw(JSON.stringify([2, 'm-1', 'MakeCoffee', {}]));
    cp.sendRaw(JSON.stringify([2, 'm-2', 'BootNotification', { chargePointVendor: 42 }]));
    cp.sendRaw(JSON.stringify({ not: 'an array' }));
    await until(() => answers.length >= 4);
    expect(answers).toEqual(
      expect.arrayContaining([
        [4, '-1', 'RpcFrameworkError', expect.any(String), {}],
        [4, 'm-1', 'NotImplemented', expect.any(String), {}],
        [4, 'm-2', expect.stringMatching(/Violation/), expect.any(String), expect.any(Object)],
      ]),
    );
    expect(((await cp.call('BootNotification', BOOT)) as { status: string }).status).toBe('Accepted');
    expect(devices.ocpp.stats().badFrames).toBeGreaterThanOrEqual(2);
  });

  it('refuses a flood from one charger without holding back another', async () => {
    const { cp: flooder } = await connected();
    const { cp: neighbour } = await connected();
    const answers: Array<[number, string, string?]> = [];
    flooder.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
      if (!outbound) answers.push(JSON.parse(String(message)) as [number, string, string?]);
    });
    const FLOOD = 200;
    for (let i = 0; i < FLOOD; i++) flooder.sendRaw(JSON.stringify([2, `f-${i}`, 'Heartbeat', {}]));
    const neighbourBoot = (await neighbour.call('BootNotification', BOOT)) as { status: string };
    expect(neighbourBoot.status).toBe('Accepted');
    await until(() => answers.length >= FLOOD);
    const refused = answers.filter(([type, , code]) => type === 4 && code === 'GenericError').length;
    // At most the burst is admitted while the clock stands still in effect (0.001 calls/s).
    expect(refused).toBeGreaterThanOrEqual(FLOOD - 20);
    expect(answers.filter(([type]) => type === 3).length).toBeGreaterThan(0);
    expect(devices.ocpp.stats().flooded).toBeGreaterThanOrEqual(FLOOD - 20);
  });
});
