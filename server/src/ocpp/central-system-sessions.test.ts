// What a charger tells the central system, over the real server and database, from charge points made
// with ocpp-rpc's own client in strict mode: StatusNotification (a fault raises the plant's alert),
// Authorize against the plant's id tags, Start/StopTransaction and MeterValues into sessions and the
// time series (each value once), a stop of an unknown transaction, a session resumed after a reconnect.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import { databaseTargets } from '../testing/databases';
import { ocppApiRig } from '../testing/ocpp-api-rig';
import { notificationsDb } from '../notifications/notifications-db';
import { until } from '../testing/until';
import { rawSamplesOf } from '../testing/raw-samples';
import { addIdTag, setFreeCharging } from './chargers';
import { ocppDb } from './tables';
import { BOOT, chargePoint, meterValue } from './test-charge-point';

describe.each(databaseTargets())('OCPP sessions at the central system on $name', (target) => {
  const rig = ocppApiRig(target, 'ocpp-sess', { callTimeoutMs: 2000 });
  /** A charger of the plant and a strict charge point for it, connected (not yet booted). */
  const connected = rig.unbooted;
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let plantId: string;
  let endpoint: string;
  beforeAll(() => ({ db, devices, plantId, endpoint } = rig));

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
    const samples = await rawSamplesOf(db, charger.thing_name, 'EnergyEvTotal');
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
    rig.track(back);
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
});
