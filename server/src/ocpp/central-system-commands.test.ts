// What the central system tells a charger, over the real server, to charge points made with ocpp-rpc's
// own client in strict mode: each call pending until answered (accepted, rejected, timed out), the
// plant's surplus as a TxProfile in Min+PV mode, the phases from ConnectorPhaseRotation.
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import { databaseTargets } from '../testing/databases';
import { ocppApiRig } from '../testing/ocpp-api-rig';
import { until } from '../testing/until';
import { addCharger } from './chargers';
import { ocppDb } from './tables';
import { BOOT, chargePoint } from './test-charge-point';

describe.each(databaseTargets())('OCPP calls from the central system on $name', (target) => {
  const rig = ocppApiRig(target, 'ocpp-cmd', { callTimeoutMs: 2000 });
  /** A charger of the plant and a strict charge point for it, connected (not yet booted). */
  const connected = rig.unbooted;
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let plantId: string;
  let endpoint: string;
  beforeAll(() => ({ db, devices, plantId, endpoint } = rig));

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
    rig.track(cp);
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
});
