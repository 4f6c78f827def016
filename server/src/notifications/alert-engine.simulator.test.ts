// The alert engine over the real device data path: a simulated gateway reports through the MQTT
// broker into the shadow store; when it stops, the engine raises gateway offline and mails it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { startDevices, type DeviceServices } from '../devices/services';
import { eventually, recordingLog } from '../devices/test-fixtures';
import { addUser } from '../iam/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { testConfig } from '../testing/test-app';
import { createAlertEngine } from './alert-engine';
import { defaultSettings } from './settings';
import { saveSettings } from './settings-store';
import { notificationsDb } from './tables';
import { createNotificationsDb, insertPlant, insertTenant } from './test-fixtures';

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
    const plant = await insertPlant(db, tenant, { name: 'Simulated' });
    const user = await addUser(db, tenant, { locale: 'en' });
    const allDay = defaultSettings().days.map((d) => ({ ...d, from: '00:00', to: '23:59' }));
    await saveSettings(notificationsDb(db), user.id, { period: 'allDays', enabled: true, days: allDay });

    devices = await startDevices({ db, config: testConfig({ mqttPort: 0, simulator: true, simIntervalMs: 150 }), log: recordingLog(), clientId: `alerts-${plant.id}` });
    await eventually(() => devices?.shadows.get(plant.thingName).then((s) => (s && s.version > 1 ? s : undefined)));
    const engine = createAlertEngine({ db, log: recordingLog(), consoleUrl: 'https://ems.test', startedAt: 0 });
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
});
