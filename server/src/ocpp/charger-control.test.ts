// Controlling an OCPP charger from /ev through the real app on SQLite and PostgreSQL, the charge points
// ocpp-rpc's own strict client: remote start/stop recorded pending and settled by the charger's answer
// (accepted, rejected, timed out); its sessions with energy, card, car and cost; current limits within
// the hardware, min ≤ max; settings kept in one place (an OCPP charger's row, which the plant's keys no
// longer reach; a gateway's charger's plant keys, written as plant controls). The set-up is testing/ocpp-api-rig.ts's.
import type { DeviceServices } from '../iot/services';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { EvEndpoints } from '@helio/contracts';
import type { Database } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import { ocppApiRig } from '../testing/ocpp-api-rig';
import type { RcTables } from '../rc/tables';
import { until } from '../testing/until';
import { ocppDb } from './tables';
import { meterValue } from './test-charge-point';

type ChargerList = EvEndpoints['ev/charger/list']['response'];
type Command = EvEndpoints['ev/charger/remote-start']['response'];
type History = EvEndpoints['ev/charger/commands']['response'];
type Sessions = EvEndpoints['ev/charger/sessions']['response'];

describe.each(databaseTargets())('controlling a charger from /ev on $name', (target) => {
  const rig = ocppApiRig(target, 'ocpp-ctl', { callTimeoutMs: 1500 });
  const { call, add, connect } = rig;
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let plantId: string;
  let thing: string;
  let owner: string;
  let operator: string;
  let viewer: string;
  let theirOwner: string;
  beforeAll(() => ({ db, devices, plantId, thing, owner, operator, viewer, theirOwner } = rig));
  const history = async (chargerId: string) => (await call('ev/charger/commands', { chargerId }, viewer)).json<History>().commands;
  const settledTo = async (chargerId: string, commandId: string, state: string) => {
    await until(async () => (await history(chargerId)).find((c) => c.id === commandId)?.state === state);
    return (await history(chargerId)).find((c) => c.id === commandId);
  };

  it('records a remote start pending, then the charger’s answer: accepted, rejected or timed out', async () => {
    const { chargePointId, login } = await add();
    const cp = await connect(chargePointId, login.password);
    const answers: Array<'Accepted' | 'Rejected' | 'never'> = ['Accepted', 'Rejected', 'never'];
    const asked: unknown[] = [];
    cp.handle('RemoteStartTransaction', async ({ params }) => {
      asked.push(params);
      const answer = answers.shift();
      // The third call is never answered: the central system times it out.
      if (answer === 'never') await new Promise(() => undefined);
      return { status: answer };
    });
    const start = async () => {
      const response = await call('ev/charger/remote-start', { chargerId: login.chargerId, idTag: 'CARD-1', connectorId: 1 }, operator);
      expect(response.statusCode).toBe(200);
      const command = response.json<Command>();
      expect(command).toMatchObject({ action: 'RemoteStartTransaction', state: 'pending', source: 'user', answeredAt: null });
      return command;
    };
    expect(await settledTo(login.chargerId, (await start()).id, 'accepted')).toMatchObject({ answerStatus: 'Accepted' });
    expect(await settledTo(login.chargerId, (await start()).id, 'rejected')).toMatchObject({ answerStatus: 'Rejected' });
    expect(await settledTo(login.chargerId, (await start()).id, 'timed_out')).toMatchObject({ answerStatus: null });
    expect(asked[0]).toEqual({ idTag: 'CARD-1', connectorId: 1 });
    expect((await call('ev/charger/remote-start', { chargerId: login.chargerId, idTag: 'x'.repeat(21) }, operator)).statusCode).toBe(400);
  });

  it('stops the running session by its transaction id, and answers 409 when none runs', async () => {
    const { chargePointId, login } = await add();
    const cp = await connect(chargePointId, login.password);
    const stop = () => call('ev/charger/remote-stop', { chargerId: login.chargerId }, operator);
    expect((await stop()).statusCode).toBe(409);
    const started = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'CARD-1',
      meterStart: 1000,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number };
    const listed = (await call('ev/charger/list', { plantId })).json<ChargerList>().chargers.find((c) => c.chargerId === login.chargerId);
    expect(listed?.transactionId).toBe(started.transactionId);
    const asked: unknown[] = [];
    cp.handle('RemoteStopTransaction', async ({ params }) => {
      asked.push(params);
      return { status: 'Accepted' };
    });
    const command = (await stop()).json<Command>();
    expect(await settledTo(login.chargerId, command.id, 'accepted')).toMatchObject({ action: 'RemoteStopTransaction' });
    expect(asked).toEqual([{ transactionId: started.transactionId }]);
  });

  it('lists the charger’s sessions: energy by the meter register, the card’s name, the car on the charger at the start, the stop reason and a cost', async () => {
    const { chargePointId, login } = await add();
    const cp = await connect(chargePointId, login.password);
    await ocppDb(db)
      .insertInto('charger_id_tags')
      .values({
        plant_id: plantId,
        id_tag: 'SESSION-1',
        label: 'Jana',
        blocked: 0,
        expires_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    // The car on the charger when the session starts is the session's, whatever the charger gets later.
    const { vehicleId } = (
      await call('ev/vehicle/add', { plantId, name: 'Kia EV6', capacityKwh: 77, chargeLimitPct: 90, socPct: null })
    ).json<{
      vehicleId: string;
    }>();
    const assigned = await call('ev/charger/vehicle', { chargerId: login.chargerId, vehicleId });
    expect(assigned.statusCode).toBe(200);
    const t0 = Date.now() - 30 * 60_000;
    const iso = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();
    const { transactionId } = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: 'session-1',
      meterStart: 2_000_000,
      timestamp: iso(0),
    })) as { transactionId: number };
    expect((await call('ev/charger/vehicle', { chargerId: login.chargerId, vehicleId: null })).statusCode).toBe(200);
    await cp.call('MeterValues', { connectorId: 1, transactionId, meterValue: [meterValue(iso(5), 2_000_600, 7590, 11)] });
    const sessions = async () => (await call('ev/charger/sessions', { chargerId: login.chargerId }, viewer)).json<Sessions>().sessions;
    expect(await sessions()).toEqual([
      expect.objectContaining({
        transactionId,
        idTag: 'session-1',
        idTagName: 'Jana',
        vehicleName: 'Kia EV6',
        end: null,
        energyKwh: 0.6,
        stopReason: null,
      }),
    ]);
    await cp.call('MeterValues', { connectorId: 1, transactionId, meterValue: [meterValue(iso(10), 2_001_200, 7590, 11)] });
    await cp.call('StopTransaction', { transactionId, meterStop: 2_001_250, timestamp: iso(11), reason: 'EVDisconnected' });
    const [done] = await sessions();
    expect(done).toMatchObject({ transactionId, end: iso(11), energyKwh: 1.25, stopReason: 'EVDisconnected' });
    // The plant reported no import meanwhile: all of it is solar and free, as ev/sessions counts it.
    expect(done).toMatchObject({ solarKwh: 1.25, costCzk: 0, priceSource: 'spot' });
    // A vehicle removed since is named no more.
    expect((await call('ev/vehicle/remove', { plantId, vehicleId })).statusCode).toBe(200);
    expect((await sessions())[0]).toMatchObject({ transactionId, vehicleName: null });
    expect((await call('ev/charger/sessions', { chargerId: login.chargerId }, theirOwner)).statusCode).toBe(404);
  });

  it('lets only an operator of the plant with devices:control send, and another tenant not at all', async () => {
    const { login } = await add();
    const body = { chargerId: login.chargerId, idTag: 'CARD-1' };
    expect((await call('ev/charger/remote-start', body, viewer)).statusCode).toBe(403);
    expect((await call('ev/charger/current', { chargerId: login.chargerId, minCurrentA: 6, maxCurrentA: 10 }, viewer)).statusCode).toBe(
      403,
    );
    expect((await call('ev/charger/remote-start', body, theirOwner)).statusCode).toBe(404);
    expect((await call('ev/charger/commands', { chargerId: login.chargerId }, theirOwner)).statusCode).toBe(404);
    expect(await history(login.chargerId)).toEqual([]);
  });

  it('makes the charger or one connector (un)available for an operator, as the charger answers', async () => {
    const { chargePointId, login } = await add();
    const cp = await connect(chargePointId, login.password);
    const asked: unknown[] = [];
    cp.handle('ChangeAvailability', async ({ params }) => {
      asked.push(params);
      return { status: asked.length === 1 ? 'Accepted' : 'Scheduled' };
    });
    const change = (body: object) => call('ev/charger/availability', { chargerId: login.chargerId, ...body }, operator);
    const whole = await change({ available: false });
    expect(whole.json<Command>()).toMatchObject({ action: 'ChangeAvailability', state: 'pending', source: 'user' });
    expect(await settledTo(login.chargerId, whole.json<Command>().id, 'accepted')).toMatchObject({ answerStatus: 'Accepted' });
    const one = await change({ connectorId: 1, available: true });
    // Scheduled: the charger makes the change once its session ends (OCPP 1.6 §5.2); the call is taken.
    expect(await settledTo(login.chargerId, one.json<Command>().id, 'accepted')).toMatchObject({ answerStatus: 'Scheduled' });
    expect(asked).toEqual([
      { connectorId: 0, type: 'Inoperative' },
      { connectorId: 1, type: 'Operative' },
    ]);
    expect((await change({ available: 'no' })).statusCode).toBe(400);
    expect((await call('ev/charger/availability', { chargerId: login.chargerId, available: true }, viewer)).statusCode).toBe(403);
  });

  it('resets a charger for the plant’s owner only, Soft or Hard, and refuses an operator', async () => {
    const { chargePointId, login } = await add();
    const cp = await connect(chargePointId, login.password);
    const asked: unknown[] = [];
    cp.handle('Reset', async ({ params }) => {
      asked.push(params);
      return { status: 'Accepted' };
    });
    const refused = await call('ev/charger/reset', { chargerId: login.chargerId, type: 'Soft' }, operator);
    expect(refused.statusCode).toBe(403);
    const reset = await call('ev/charger/reset', { chargerId: login.chargerId, type: 'Hard' }, owner);
    expect(reset.json<Command>()).toMatchObject({ action: 'Reset', state: 'pending', userEmail: expect.any(String) });
    expect(await settledTo(login.chargerId, reset.json<Command>().id, 'accepted')).toMatchObject({ answerStatus: 'Accepted' });
    expect(asked).toEqual([{ type: 'Hard' }]);
    expect((await call('ev/charger/reset', { chargerId: login.chargerId, type: 'Warm' }, owner)).statusCode).toBe(400);
    expect((await call('ev/charger/reset', { chargerId: login.chargerId, type: 'Soft' }, theirOwner)).statusCode).toBe(404);
  });

  it('keeps the current limits within the charger’s hardware with min ≤ max', async () => {
    const { login } = await add();
    await ocppDb(db).updateTable('chargers').set({ hw_max_current_a: 16 }).where('id', '=', login.chargerId).execute();
    const set = (minCurrentA: number, maxCurrentA: number) =>
      call('ev/charger/current', { chargerId: login.chargerId, minCurrentA, maxCurrentA }, operator);
    const minAboveMax = await set(10, 8);
    expect(minAboveMax.statusCode).toBe(400);
    expect(minAboveMax.json()).toMatchObject({
      error: {
        code: 'EvCurrentRange',
        details: {
          reason: 'minAboveMax',
          fields: { minCurrentA: { problem: 'minAboveMax' } },
          minCurrentA: 10,
          maxCurrentA: 8,
          hwMaxCurrentA: 16,
        },
      },
    });
    expect((await set(6, 32)).json()).toMatchObject({ error: { details: { fields: { maxCurrentA: { problem: 'range' } } } } });
    expect((await set(5, 10)).statusCode).toBe(400);
    expect((await set(6.5, 10)).statusCode).toBe(400);
    expect((await set(8, 13)).json()).toEqual({ minCurrentA: 8, maxCurrentA: 13, hwMaxCurrentA: 16 });
    const listed = (await call('ev/charger/list', { plantId })).json<ChargerList>().chargers.find((c) => c.chargerId === login.chargerId);
    expect(listed).toMatchObject({ minCurrentA: 8, maxCurrentA: 13, hwMaxCurrentA: 16 });
  });

  const listed = async (chargerId: string) =>
    (await call('ev/charger/list', { plantId })).json<ChargerList>().chargers.find((c) => c.chargerId === chargerId);

  it('keeps an OCPP charger’s mode, phases and plan on the charger, which the plant’s keys no longer reach', async () => {
    const { chargePointId, login } = await add();
    expect(await listed(login.chargerId)).toMatchObject({ driver: 'ocpp', mode: 'fast', phases: 0 });
    const set = await call('ev/charger/settings', { chargerId: login.chargerId, mode: 'solar', phases: 1 }, operator);
    expect(set.json()).toEqual({ mode: 'solar', phases: 1, batteryFirstBelowPct: 0 });
    expect(await listed(login.chargerId)).toMatchObject({ mode: 'solar', phases: 1 });
    const row = () => ocppDb(db).selectFrom('chargers').selectAll().where('id', '=', login.chargerId).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ mode: 'solar', phases: 1 });

    // What a page once wrote as the plant's keys stays the plant's: nothing copies it onto a charger.
    const thing = (await db.selectFrom('plants').select('thing_name').where('id', '=', plantId).executeTakeFirstOrThrow()).thing_name;
    await devices.shadows.setDesired(thing, { EvMode: 'off', EvMaxCurrent: 8 });
    expect(await row()).toMatchObject({ mode: 'solar', max_current_a: 16 });

    const slots = [
      [Date.parse('2026-11-29T01:00:00Z'), Date.parse('2026-11-29T02:00:00Z')],
      [Date.parse('2026-11-29T03:00:00Z'), Date.parse('2026-11-29T03:15:00Z')],
    ];
    expect((await call('ev/charger/plan/apply', { chargerId: login.chargerId, slots }, operator)).json()).toEqual({ ok: true });
    expect(await row()).toMatchObject({ mode: 'plan', plan_slots: JSON.stringify(slots) });
    expect((await call('ev/charger/plan/apply', { chargerId: login.chargerId, slots: [[2, 1]] }, operator)).statusCode).toBe(400);

    for (const body of [
      { chargerId: login.chargerId, mode: 'turbo', phases: 1 },
      { chargerId: login.chargerId, mode: 'fast', phases: 2 },
      { chargerId: login.chargerId, mode: 'fast' },
    ]) {
      expect([body, (await call('ev/charger/settings', body, operator)).statusCode]).toEqual([body, 400]);
    }
    expect((await call('ev/charger/settings', { chargerId: login.chargerId, mode: 'off', phases: 0 }, viewer)).statusCode).toBe(403);
    expect((await call('ev/charger/settings', { chargerId: login.chargerId, mode: 'off', phases: 0 }, theirOwner)).statusCode).toBe(404);
    expect((await call('ev/charger/plan/apply', { chargerId: login.chargerId, slots: [] }, viewer)).statusCode).toBe(403);
    expect(await row()).toMatchObject({ mode: 'plan' });

    // Its live values are its own report.
    const cp = await connect(chargePointId, login.password);
    await cp.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' });
    await cp.call('MeterValues', { connectorId: 1, meterValue: [meterValue(new Date().toISOString(), 5000, 4140, 6)] });
    expect((await listed(login.chargerId))?.live).toMatchObject({ powerW: 4140, carConnected: true });
  });

  it('keeps an OCPP charger’s home-battery priority (whole percent, 0 off) and has its controller obey a change at once', async () => {
    const { chargePointId, login } = await add();
    const thing = (await db.selectFrom('plants').select('thing_name').where('id', '=', plantId).executeTakeFirstOrThrow()).thing_name;
    // 1 kW exported while the home battery, at 40 %, takes 4 kW: 7 A on three phases without the priority.
    await devices.shadows.applyReported(thing, { ActPwrGrid: -1000, ActPwrBat: -4000, BatSoc: 40 }, Date.now());
    expect((await call('ev/charger/free-charging', { chargerId: login.chargerId, freeCharging: true })).statusCode).toBe(200);
    const cp = await connect(chargePointId, login.password);
    const limits: number[] = [];
    cp.handle('GetConfiguration', () => Promise.resolve({ configurationKey: [] }));
    cp.handle('SetChargingProfile', ({ params }) => {
      const { csChargingProfiles } = params as {
        csChargingProfiles: { chargingSchedule: { chargingSchedulePeriod: { limit: number }[] } };
      };
      limits.push(csChargingProfiles.chargingSchedule.chargingSchedulePeriod[0]!.limit);
      return Promise.resolve({ status: 'Accepted' });
    });
    await cp.call('StartTransaction', { connectorId: 1, idTag: 'ANY', meterStart: 0, timestamp: new Date().toISOString() });

    // No tick runs in this app (ocppControlTickMs 0): the change itself sets the limit. Min+PV holds its minimum.
    const set = await call(
      'ev/charger/settings',
      { chargerId: login.chargerId, mode: 'minsolar', phases: 3, batteryFirstBelowPct: 50 },
      operator,
    );
    expect(set.json()).toEqual({ mode: 'minsolar', phases: 3, batteryFirstBelowPct: 50 });
    await until(() => limits.length === 1);
    expect(limits).toEqual([6]);
    expect(await listed(login.chargerId)).toMatchObject({ mode: 'minsolar', batteryFirstBelowPct: 50 });
    const row = () => ocppDb(db).selectFrom('chargers').selectAll().where('id', '=', login.chargerId).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ battery_first_below_pct: 50 });

    // Left out of a change, it stays; 0 turns it off.
    expect((await call('ev/charger/settings', { chargerId: login.chargerId, mode: 'fast', phases: 3 }, operator)).json()).toEqual({
      mode: 'fast',
      phases: 3,
      batteryFirstBelowPct: 50,
    });
    expect(
      (
        await call('ev/charger/settings', { chargerId: login.chargerId, mode: 'fast', phases: 3, batteryFirstBelowPct: 0 }, operator)
      ).json(),
    ).toEqual({
      mode: 'fast',
      phases: 3,
      batteryFirstBelowPct: 0,
    });
    for (const batteryFirstBelowPct of [101, -1, 12.5, '40', null]) {
      const body = { chargerId: login.chargerId, mode: 'fast', phases: 3, batteryFirstBelowPct };
      expect([batteryFirstBelowPct, (await call('ev/charger/settings', body, operator)).statusCode]).toEqual([batteryFirstBelowPct, 400]);
    }
    const body = { chargerId: login.chargerId, mode: 'fast', phases: 3, batteryFirstBelowPct: 30 };
    expect((await call('ev/charger/settings', body, viewer)).statusCode).toBe(403);
    expect((await call('ev/charger/settings', body, theirOwner)).statusCode).toBe(404);
    expect(await row()).toMatchObject({ battery_first_below_pct: 0 });
  });

  it('makes a charger device added in the registry a gateway’s charger, set through the plant’s keys as plant controls', async () => {
    const thing = (await db.selectFrom('plants').select('thing_name').where('id', '=', plantId).executeTakeFirstOrThrow()).thing_name;
    const device = (
      await call('device/create', { plantId, kind: 'charger', name: 'Stará', serial: randomUUID().slice(0, 8), ratedPowerKw: 11 })
    ).json<{ id: string }>();
    const added = (await call('ev/charger/list', { plantId })).json<ChargerList>().chargers.find((c) => c.deviceId === device.id);
    expect(added).toMatchObject({ driver: 'gateway', hasPassword: false, name: 'Stará', hwMaxCurrentA: 16 });
    expect(added?.chargePointId).toMatch(new RegExp(`^${thing}-ev\\d+$`));
    const login = { chargerId: added!.chargerId };
    await devices.shadows.setDesired(thing, { EvMode: null, EvMaxCurrent: null }); // what the test before asked
    await devices.shadows.applyReported(
      thing,
      { EvMode: 'fast', EvPhases: 3, ActPwrEv: 7000, EvConnected: true, EvCarSoc: 40 },
      Date.now(),
    );
    expect(await listed(login.chargerId)).toMatchObject({
      driver: 'gateway',
      mode: 'fast',
      phases: 3,
      live: { powerW: 7000, carConnected: true, carSocPct: 40 },
    });

    await call('ev/charger/settings', { chargerId: login.chargerId, mode: 'minsolar', phases: 1 }, operator);
    await call('ev/charger/current', { chargerId: login.chargerId, minCurrentA: 7, maxCurrentA: 12 }, operator);
    // Its gateway runs its charging: there is no home-battery priority to give it.
    const priority = await call(
      'ev/charger/settings',
      { chargerId: login.chargerId, mode: 'minsolar', phases: 1, batteryFirstBelowPct: 40 },
      operator,
    );
    expect(priority.statusCode).toBe(409);
    expect(priority.json()).toMatchObject({ error: { code: 'Conflict', details: { field: 'batteryFirstBelowPct' } } });
    // It has no OCPP socket: a call to it is refused, not left pending until it times out.
    const reset = await call('ev/charger/reset', { chargerId: login.chargerId, type: 'Soft' }, owner);
    expect(reset.statusCode).toBe(409);
    expect(reset.json()).toMatchObject({ error: { code: 'Conflict', details: { field: 'chargerId', reason: 'gatewayCharger' } } });
    const desired = (await devices.shadows.get(thing))?.state.desired;
    expect(desired).toMatchObject({ EvMode: 'minsolar', EvPhases: 1, EvMinCurrent: 7, EvMaxCurrent: 12 });
    // Shown as asked at once, the charger's row untouched.
    expect(await listed(login.chargerId)).toMatchObject({ mode: 'minsolar', phases: 1, minCurrentA: 7, maxCurrentA: 12 });
    expect(
      await ocppDb(db).selectFrom('chargers').select(['mode', 'min_current_a']).where('id', '=', login.chargerId).executeTakeFirstOrThrow(),
    ).toEqual({ mode: 'fast', min_current_a: 6 });
    const modeCommands = () =>
      db
        .withTables<RcTables>()
        .selectFrom('rc_commands')
        .select('state')
        .where('thing_name', '=', thing)
        .where('key', '=', 'EvMode')
        .execute();
    // In the plant's command history until the gateway reports it (rc's tracker confirms it then).
    expect(await modeCommands()).toEqual([{ state: 'sent' }]);

    // The device removed: its charger goes with it.
    expect((await call('device/delete', { id: device.id })).statusCode).toBe(200);
    expect(await listed(login.chargerId)).toBeUndefined();
  });
});
