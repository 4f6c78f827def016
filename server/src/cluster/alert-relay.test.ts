// Alert news on the live streams of two server instances over one database, as a scaled-out
// deployment runs them (PostgreSQL: two replicas with their own connections and LISTEN/NOTIFY; SQLite:
// two apps of one process over its in-process bus). The alert engine runs on instance A; the streams
// that must hear of its alerts, or must not, are open on B.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { LiveAlertEvent } from '@helio/contracts';
import { createDatabase } from '../db';
import type { Database } from '../db/schema';
import { startDevices, type DeviceServices } from '../iot/services';
import { recordingLog } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { TEST_IDENTITY, addUser, post, tokenFor } from '../iam/test-fixtures';
import { createAlertEngine } from '../notifications/alert-engine';
import { insertPlant, insertTenant, reportShadow, type TestPlant } from '../notifications/test-fixtures';
import { grantPlantAccess } from '../plants/access';
import { databaseTargets, testDatabaseUrl } from '../testing/databases';
import { openLiveClient, type LiveClient } from '../testing/live-client';
import { testConfig } from '../testing/test-app';
import type { ClusterBus } from './bus';
import { startClusterBus } from './start-bus';
import type { PgBus } from './pg-bus';
import { until } from '../testing/until';

interface Instance {
  db: Kysely<Database>;
  devices: DeviceServices;
  app: FastifyInstance;
}

const alertsOf = (stream: LiveClient) => stream.of<LiveAlertEvent>('alert');
const newsOf = (stream: LiveClient, alertId: string, change: 'opened' | 'cleared') =>
  alertsOf(stream).find((e) => 'alert' in e && e.alert.id === alertId && e.change === change);

describe.each(databaseTargets())('alert news across two server instances on $name', (target) => {
  const buses: ClusterBus[] = [];
  let a: Instance;
  let b: Instance;
  let tenantId: string;
  let adminToken: string;

  const startInstance = async (db: Kysely<Database>, bus: ClusterBus, name: string): Promise<Instance> => {
    const config = testConfig({ mqttPort: 0, simulator: false });
    const devices = await startDevices({ db, config, log: recordingLog(), bus, clientId: `${name}-${randomUUID().slice(0, 8)}` });
    const app = await buildApp({ db, config, devices, identity: TEST_IDENTITY });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { db, devices, app };
  };

  beforeAll(async () => {
    const dbA = await target.create();
    buses.push(await startClusterBus(dbA, testDatabaseUrl(dbA), recordingLog()));
    // PostgreSQL: B is another replica with its own connections; SQLite is one process, one handle.
    let dbB = dbA;
    if (target.name === 'postgres') {
      dbB = await createDatabase(testDatabaseUrl(dbA));
      buses.push(await startClusterBus(dbB, testDatabaseUrl(dbA), recordingLog()));
    }
    // SQLite: both instances are one process and share its bus.
    a = await startInstance(dbA, buses[0], 'alerts-a');
    b = await startInstance(dbB, buses[buses.length - 1], 'alerts-b');
    tenantId = await insertTenant(dbA);
    adminToken = await tokenFor(dbA, await addUser(dbA, tenantId, { role: 'admin' }));
  });
  afterAll(async () => {
    for (const instance of [b, a]) {
      if (!instance) continue;
      await instance.app.close();
      await instance.devices.close();
    }
    for (const bus of buses.reverse()) await bus.close();
    if (b && a && b.db !== a.db) await b.db.destroy();
    await target.destroy();
  });

  /** Raises an inverter fault of the plant on instance A (its alert engine), answering the alert's id. */
  const raiseFault = async (plant: TestPlant): Promise<string> => {
    const now = Date.now();
    await reportShadow(a.db, plant.thingName, { InverterFault: 7, BatSoc: 80 }, now);
    const ticked = await createAlertEngine({
      db: a.db,
      bus: a.devices.bus,
      log: recordingLog(),
      consoleUrl: 'https://ems.test',
      startedAt: now,
    }).tick(now);
    const opened = ticked.opened.find((o) => o.plantId === plant.id);
    if (!opened) throw new Error('the engine opened no alert');
    return opened.id;
  };
  const clearFault = async (plant: TestPlant): Promise<void> => {
    const now = Date.now();
    await reportShadow(a.db, plant.thingName, { InverterFault: 0, BatSoc: 80 }, now);
    await createAlertEngine({ db: a.db, bus: a.devices.bus, log: recordingLog(), consoleUrl: 'https://ems.test', startedAt: now }).tick(
      now,
    );
  };
  const viewerOf = async (plant: TestPlant | null, modules?: readonly string[]) => {
    const user = await addUser(a.db, tenantId, { role: 'viewer', modules });
    if (plant) await grantPlantAccess(a.db, { plantId: plant.id, userId: user.id, role: 'viewer' });
    return { user, token: await tokenFor(a.db, user) };
  };

  it('tells a stream on instance B of an alert the engine on A opened and cleared, naming plant and kind', async () => {
    const plant = await insertPlant(a.db, tenantId, { name: 'Střecha Sever' });
    const { token } = await viewerOf(plant);
    const onB = await openLiveClient(b.app, 'alerts=true', token);
    const onA = await openLiveClient(a.app, 'alerts=true', token);
    expect([onB.status, onA.status]).toEqual([200, 200]);

    const alertId = await raiseFault(plant);
    const opened = await until(() => newsOf(onB, alertId, 'opened'), 'the opened alert on B’s stream');
    expect(opened).toEqual({
      change: 'opened',
      alert: {
        id: alertId,
        plantId: plant.id,
        plantName: 'Střecha Sever',
        kind: 'inverterFault',
        severity: 'critical',
        startedAt: expect.any(String),
        endedAt: null,
      },
    });
    await until(() => newsOf(onA, alertId, 'opened'), 'the opened alert on A’s own stream');

    await clearFault(plant);
    const cleared = await until(() => newsOf(onB, alertId, 'cleared'), 'the cleared alert on B’s stream');
    expect('alert' in cleared && cleared.alert.endedAt).toEqual(expect.any(String));
    onA.close();
    onB.close();
  });

  it('tells nobody without access to the plant: not a user of the organisation without it, nor another organisation', async () => {
    const plant = await insertPlant(a.db, tenantId);
    const entitled = await openLiveClient(b.app, 'alerts=true', (await viewerOf(plant)).token);
    const withoutAccess = await openLiveClient(b.app, 'alerts=true', (await viewerOf(null)).token);
    const otherTenant = await insertTenant(a.db);
    const stranger = await openLiveClient(b.app, 'alerts=true', await tokenFor(a.db, await addUser(a.db, otherTenant, { role: 'owner' })));
    const admin = await openLiveClient(b.app, 'alerts=true', adminToken);

    const alertId = await raiseFault(plant);
    await until(() => newsOf(entitled, alertId, 'opened'), 'the alert on the entitled user’s stream');
    await until(() => newsOf(admin, alertId, 'opened'), 'the alert on the administrator’s stream (sees every plant)');
    // The same read on B decided for every stream of the organisation; another organisation's never read it.
    expect(alertsOf(withoutAccess)).toEqual([]);
    expect(alertsOf(stranger)).toEqual([]);
    for (const stream of [entitled, withoutAccess, stranger, admin]) stream.close();
  });

  it('stops telling a user whose access to the plant was removed on A, while their alerts-only stream on B goes on', async () => {
    const plant = await insertPlant(a.db, tenantId);
    const { user, token } = await viewerOf(plant);
    const removedLater = await openLiveClient(b.app, 'alerts=true', token);
    const witness = await openLiveClient(b.app, 'alerts=true', adminToken);
    const first = await raiseFault(plant);
    await until(() => newsOf(removedLater, first, 'opened'), 'the first alert while the user had access');

    const removed = await post(a.app, 'plant/access/remove', { id: plant.id, userId: user.id }, { token: adminToken });
    expect(removed.json()).toEqual({ removed: true });
    await clearFault(plant);
    const second = await raiseFault(plant);
    await until(() => newsOf(witness, second, 'opened'), 'the second alert on the administrator’s stream');
    expect(newsOf(removedLater, second, 'opened')).toBeUndefined();
    expect(removedLater.isEnded()).toBe(false);
    removedLater.close();
    witness.close();
  });

  it('tells a user’s streams on B that their read marks changed when they mark an alert read on A', async () => {
    const plant = await insertPlant(a.db, tenantId);
    const { token } = await viewerOf(plant);
    const onB = await openLiveClient(b.app, 'alerts=true', token);
    const alertId = await raiseFault(plant);
    await until(() => newsOf(onB, alertId, 'opened'), 'the alert');
    const marked = await post(a.app, 'notifications/alerts/mark-read', { ids: [alertId] }, { token });
    expect(marked.json()).toEqual({ marked: 1 });
    await until(() => alertsOf(onB).find((e) => e.change === 'read'), 'the read news on B’s stream');
    onB.close();
  });

  it('sends alert news only on streams that asked, and none to a user without the notifications module', async () => {
    const plant = await insertPlant(a.db, tenantId);
    const { token } = await viewerOf(plant);
    const shadowsOnly = await openLiveClient(b.app, `things=${plant.thingName}`, token);
    const withoutModule = await viewerOf(plant, ['monitoring']);
    const refused = await openLiveClient(b.app, 'alerts=true', withoutModule.token);
    expect(refused.status).toBe(403);
    const thingsGoOn = await openLiveClient(b.app, `things=${plant.thingName}&alerts=true`, withoutModule.token);
    expect(thingsGoOn.status).toBe(200);
    const asked = await openLiveClient(b.app, `things=${plant.thingName}&alerts=true`, token);

    const alertId = await raiseFault(plant);
    await until(() => newsOf(asked, alertId, 'opened'), 'the alert on the stream that asked');
    expect(asked.of('shadow').length).toBeGreaterThan(0);
    expect(alertsOf(shadowsOnly)).toEqual([]);
    expect(alertsOf(thingsGoOn)).toEqual([]);
    for (const stream of [shadowsOnly, thingsGoOn, asked]) stream.close();
  });

  (target.name === 'postgres' ? it : it.skip)('tells B’s streams to read their alerts again after B’s bus was cut off', async () => {
    const onB = await openLiveClient(b.app, 'alerts=true', adminToken);
    const channel = (buses[1] as PgBus).channel;
    const cut = await sql<{ pid: number }>`
      select pg_terminate_backend(pid), pid from pg_stat_activity where query = ${`LISTEN "${channel}"`} and datname = current_database() and pid <> pg_backend_pid()`.execute(
      b.db,
    );
    expect(cut.rows.length).toBeGreaterThan(0);
    await until(() => alertsOf(onB).find((e) => e.change === 'resync'), 'the resync news on B’s stream');
    onB.close();
  });
});
