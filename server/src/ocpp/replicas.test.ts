// Two server replicas over one PostgreSQL database, each with its own connections and cluster bus
// (LISTEN/NOTIFY), as two processes would run: a charger's socket lives on the replica it connected
// to, a call recorded on the other replica reaches it over the bus and its answer settles the row the
// other replica waits on, and a charger that connects again through the other replica leaves the
// first one. Skipped, saying so, without a PostgreSQL server.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { RPCClient } from 'ocpp-rpc';
import type { ClusterBus } from '../cluster/bus';
import { startClusterBus } from '../cluster/start-bus';
import { createDatabase } from '../db';
import type { Database } from '../db/schema';
import { startDevices, type DeviceServices } from '../iot/services';
import { insertPlant, insertTenant, recordingLog } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { databaseTargets, testDatabaseUrl } from '../testing/databases';
import { testConfig } from '../testing/test-app';
import { until } from '../testing/until';
import { addCharger } from './chargers';
import { BOOT, chargePoint, ocppEndpoint } from './test-charge-point';

const postgres = databaseTargets().find((t) => t.name === 'postgres');
if (!postgres) console.warn('OCPP across replicas SKIPPED: no PostgreSQL server answers');

interface Replica {
  db: Kysely<Database>;
  bus: ClusterBus;
  devices: DeviceServices;
  app: FastifyInstance;
}

(postgres ? describe : describe.skip)('OCPP across two replicas over PostgreSQL', () => {
  let a: Replica;
  let b: Replica;
  let plantId: string;
  const sockets: RPCClient[] = [];

  const startReplica = async (db: Kysely<Database>, url: string, name: string): Promise<Replica> => {
    const log = recordingLog();
    const bus = await startClusterBus(db, url, log);
    const config = testConfig({ mqttPort: 0, simulator: false });
    const devices = await startDevices({
      db,
      config,
      log,
      bus,
      clientId: `${name}-${randomUUID()}`,
      ocppCallTimeoutMs: 5000,
      ocppControlTickMs: 0,
    });
    const app = await buildApp({ db, config, devices });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { db, bus, devices, app };
  };

  beforeAll(async () => {
    if (!postgres) return;
    const dbA = await postgres.create();
    const tenantId = await insertTenant(dbA);
    const thing = `ocpp-replicas-${randomUUID().slice(0, 8)}`;
    await insertPlant(dbA, tenantId, thing);
    plantId = (await dbA.selectFrom('plants').select('id').where('thing_name', '=', thing).executeTakeFirstOrThrow()).id;
    const dbB = await createDatabase(testDatabaseUrl(dbA));
    a = await startReplica(dbA, testDatabaseUrl(dbA), 'ocpp-a');
    b = await startReplica(dbB, testDatabaseUrl(dbA), 'ocpp-b');
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close({ force: true })));
    for (const replica of [b, a]) {
      if (!replica) continue;
      await replica.app.close();
      await replica.devices.close();
      await replica.bus.close();
    }
    await b?.db.destroy();
    await postgres?.destroy();
  });

  async function chargerOn(replica: Replica) {
    const cpId = `CPR-${randomUUID().slice(0, 8)}`;
    const { charger, password } = await addCharger(a.db, { plantId, chargePointId: cpId, name: cpId });
    const cp = chargePoint(ocppEndpoint(replica.app), cpId, password);
    sockets.push(cp);
    await cp.connect();
    await cp.call('BootNotification', BOOT);
    return { cp, charger, password, cpId };
  }

  it('sends a call recorded on the replica without the socket through the one holding it', async () => {
    const { cp, charger } = await chargerOn(a);
    const heard: unknown[] = [];
    cp.handle('TriggerMessage', ({ params }) => {
      heard.push(params);
      return Promise.resolve({ status: 'Accepted' });
    });
    expect(a.devices.ocpp.holds(charger.id)).toBe(true);
    expect(b.devices.ocpp.holds(charger.id)).toBe(false);

    const done = await b.devices.ocpp.commands.sendAndWait(
      charger.id,
      'TriggerMessage',
      { requestedMessage: 'StatusNotification', connectorId: 1 },
      { source: 'user' },
    );
    expect(done).toMatchObject({ state: 'accepted', answerStatus: 'Accepted', action: 'TriggerMessage' });
    expect(heard).toEqual([{ requestedMessage: 'StatusNotification', connectorId: 1 }]);
    // Both replicas read the same settled row.
    expect((await a.devices.ocpp.commands.read(done.id))?.state).toBe('accepted');
  });

  it('times out a call no replica can send (the charger is offline)', async () => {
    const cpId = `CPR-${randomUUID().slice(0, 8)}`;
    const { charger } = await addCharger(a.db, { plantId, chargePointId: cpId, name: cpId });
    const done = await b.devices.ocpp.commands.sendAndWait(charger.id, 'Reset', { type: 'Soft' }, { source: 'user' });
    expect(done.state).toBe('timed_out');
  });

  it('closes the socket on one replica when the charger connects again through the other', async () => {
    const { cp, charger, password, cpId } = await chargerOn(a);
    const closed = new Promise<{ code: number }>((resolve) => cp.once('close', resolve));
    const again = chargePoint(ocppEndpoint(b.app), cpId, password);
    sockets.push(again);
    await again.connect();
    expect((await closed).code).toBe(4000);
    await until(() => !a.devices.ocpp.holds(charger.id), 'replica A letting go of the socket');
    expect(b.devices.ocpp.holds(charger.id)).toBe(true);
    expect(((await again.call('Heartbeat', {})) as { currentTime: string }).currentTime).toEqual(expect.any(String));
  });
});
