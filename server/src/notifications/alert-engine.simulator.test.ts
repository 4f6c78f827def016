// The alert engine over the real device data path: a simulated gateway reports through the MQTT
// broker into the shadow store; when it stops, the engine raises gateway offline and mails it; when
// it is told to fault (its fault-injection topic), inverter fault and grid outage open and clear.
import { simFaultsTopic } from '@helio/contracts';
import type { Kysely } from 'kysely';
import mqtt from 'mqtt';
import type { Database } from '../db/schema';
import { startDevices, type DeviceServices } from '../iot/services';
import { recordingLog } from '../iot/test-fixtures';
import { addUser, giveTenantPlants } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { testConfig } from '../testing/test-app';
import { createAlertEngine } from './alert-engine';
import { defaultSettings } from './settings';
import { saveSettings } from './settings-store';
import { notificationsDb } from './notifications-db';
import { createNotificationsDb, insertPlant, insertTenant } from './test-fixtures';
import { until } from '../testing/until';
import { processBus } from '../cluster/start-bus';

describe.each(databaseTargets())('alerts from a simulated gateway on $name', (target) => {
  let db: Kysely<Database>;
  let devices: DeviceServices | undefined;

  afterAll(async () => {
    await devices?.close();
    await target.destroy();
  });

  it('raises nothing while the gateway reports, and gateway offline with a mail once it has stopped', async () => {
    db = await createNotificationsDb(target);
    const tenant = await insertTenant(db);
    const plant = await insertPlant(db, tenant, { name: 'Simulated', simulated: true });
    const user = await addUser(db, tenant, { locale: 'en' });
    await giveTenantPlants(db, user.id, tenant); // only users who may see the plant are told
    const allDay = defaultSettings().days.map((d) => ({ ...d, from: '00:00', to: '23:59' }));
    await saveSettings(notificationsDb(db), user.id, { period: 'allDays', enabled: true, days: allDay });

    devices = await startDevices({
      db,
      config: testConfig({ mqttPort: 0, simulator: true, simIntervalMs: 150 }),
      log: recordingLog(),
      clientId: `alerts-${plant.id}`,
    });
    await until(() => devices?.shadows.get(plant.thingName).then((s) => (s && s.version > 1 ? s : undefined)));
    const engine = createAlertEngine({ db, bus: processBus(db), log: recordingLog(), consoleUrl: 'https://ems.test', startedAt: 0 });
    const live = await engine.tick();
    expect(live.opened.filter((o) => o.plantId === plant.id && o.kind === 'gatewayOffline')).toEqual([]);

    await devices.close();
    devices = undefined;
    const stoppedAt = Date.now();
    const later = await engine.tick(stoppedAt + 5 * 60_000 + 1_000);
    expect(later.opened.filter((o) => o.plantId === plant.id && o.kind === 'gatewayOffline')).toEqual([
      expect.objectContaining({ mailed: 1 }),
    ]);
    const mails = await db.selectFrom('outbox').selectAll().where('to', '=', user.email).execute();
    expect(mails.map((m) => m.subject)).toContain('Helio EMS: Gateway offline – Simulated');
  });

  it('raises inverter fault and grid outage from faults injected into the simulated gateway, and clears them', async () => {
    db = await createNotificationsDb(target);
    const tenant = await insertTenant(db);
    const plant = await insertPlant(db, tenant, { name: 'Faulty', simulated: true });
    const login = { username: 'helio-server', password: 'alerts-test-broker' };
    const config = testConfig({
      mqttPort: 0,
      simulator: true,
      simIntervalMs: 60_000,
      mqttUsername: login.username,
      mqttPassword: login.password,
    });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: `faults-${plant.id}` });
    const reported = async () => (await devices?.shadows.get(plant.thingName))?.state.reported;
    await until(() => reported().then((r) => (r?.InverterState === 'running' ? r : undefined)));
    const engine = createAlertEngine({ db, bus: processBus(db), log: recordingLog(), consoleUrl: 'https://ems.test', startedAt: 0 });
    const kindsOf = (list: Array<{ plantId: string; kind: string }>) =>
      list
        .filter((a) => a.plantId === plant.id)
        .map((a) => a.kind)
        .sort();
    expect(kindsOf((await engine.tick()).opened)).toEqual([]);

    // The simulator reports every minute here: what changes at once is the gateway answering the fault message.
    const operator = await mqtt.connectAsync(devices.mqttUrl, { ...login, clientId: `fault-injector-${plant.id}` });
    try {
      await operator.publishAsync(simFaultsTopic(plant.thingName), JSON.stringify({ inverterFault: true, gridOutage: true }), {
        qos: 1,
        retain: true,
      });
      await until(() => reported().then((r) => (r?.InverterState === 'fault' && r.GridStatus === 'outage' ? r : undefined)));
      expect(kindsOf((await engine.tick()).opened)).toEqual(['gridOutage', 'inverterFault']);
      expect(kindsOf((await engine.tick()).opened)).toEqual([]); // no duplicate while it lasts

      await operator.publishAsync(simFaultsTopic(plant.thingName), JSON.stringify({ gridOutage: true }), { qos: 1, retain: true });
      await until(() => reported().then((r) => (r?.InverterState === 'running' ? r : undefined)));
      expect(kindsOf((await engine.tick()).closed)).toEqual(['inverterFault']);

      await operator.publishAsync(simFaultsTopic(plant.thingName), '', { qos: 1, retain: true });
      await until(() => reported().then((r) => (r?.GridStatus === 'connected' ? r : undefined)));
      expect(kindsOf((await engine.tick()).closed)).toEqual(['gridOutage']);
    } finally {
      await operator.endAsync();
    }
    const stored = await db.selectFrom('alerts').select(['kind', 'ended_at']).where('plant_id', '=', plant.id).execute();
    expect(stored.map((a) => a.kind).sort()).toEqual(['gridOutage', 'inverterFault']);
    expect(stored.every((a) => a.ended_at !== null)).toBe(true);
  });
});
