// Two server replicas over one PostgreSQL database and one Mosquitto, as a scaled-out deployment runs
// them: each report is stored by one replica and shows on both replicas' live streams; a desired write
// and the end of a user's or a plant's access made through one replica reach the other's streams at
// once. Shadow reads answer from memory while the bus vouches for it: a write through the other
// replica is read once the bus brings it, a cut bus sends reads to the database, and a removed plant
// access is refused at once. Skipped, saying so, without a PostgreSQL server or the mosquitto binary.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reportedTopic } from '@helio/contracts';
import { createDatabase } from '../db';
import type { Database } from '../db/schema';
import { seedDemoData } from '../demo/seed';
import type { ServerLogin } from '../iot/mqtt/broker-auth';
import { setNewGatewayPassword } from '../iot/mqtt/gateway-credentials';
import { writeMosquittoFiles } from '../iot/mqtt/mosquitto-files';
import { startDevices, type DeviceServices } from '../iot/services';
import { insertPlant, recordingLog } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { TEST_IDENTITY, addUser, giveTenantPlants, post, tenantIdOf, tokenFor, type TestUser } from '../iam/test-fixtures';
import { databaseTargets, testDatabaseUrl } from '../testing/databases';
import { openLiveClient, type LiveClient } from '../testing/live-client';
import { MOSQUITTO_BIN, mosquittoInstalled, startMosquitto, type MosquittoProcess } from '../testing/mosquitto';
import { signIn, testConfig } from '../testing/test-app';
import type { ClusterBus } from './bus';
import { startClusterBus } from './start-bus';
import type { PgBus } from './pg-bus';
import { until } from '../testing/until';
import { rawSamplesOf } from '../testing/raw-samples';

const SERVER: ServerLogin = { username: 'helio-server', password: 'server-secret-for-replicas' };
const TRUST_MS = 60_000;

const postgres = databaseTargets().find((t) => t.name === 'postgres');
const runs = postgres !== undefined && mosquittoInstalled();
if (!postgres) console.warn('Replicas over PostgreSQL and Mosquitto SKIPPED: no PostgreSQL server answers');
else if (!mosquittoInstalled()) console.warn(`Replicas over PostgreSQL and Mosquitto SKIPPED: no mosquitto binary at ${MOSQUITTO_BIN}`);

interface Replica {
  db: Kysely<Database>;
  bus: ClusterBus;
  devices: DeviceServices;
  app: FastifyInstance;
}

interface ShadowPush {
  thingName: string;
  version: number;
  state: { reported?: Record<string, unknown>; desired?: Record<string, unknown> };
}

const openLive = (app: FastifyInstance, thing: string, token: string) => openLiveClient(app, `things=${thing}`, token);
const shadowsOf = (stream: LiveClient) => stream.of<ShadowPush>('shadow');

/** 'ended' when the stream ends within `ms`, else 'still open'; the timer goes with the answer (a timer left running keeps jest's worker from exiting). */
const ended = async (stream: LiveClient, ms = 3000) => {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      stream.ended.then(() => 'ended'),
      new Promise((resolve) => (timer = setTimeout(() => resolve('still open'), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

(runs ? describe : describe.skip)('two replicas over PostgreSQL and Mosquitto', () => {
  const thing = `replicas-${randomUUID().slice(0, 8)}`;
  let dir: string;
  let mosquitto: MosquittoProcess;
  let gateway: MqttClient;
  let a: Replica;
  let b: Replica;
  let tenantId: string;
  let plantId: string;
  let adminToken: string;

  const startReplica = async (db: Kysely<Database>, url: string, name: string): Promise<Replica> => {
    const log = recordingLog();
    const bus = await startClusterBus(db, url, log);
    const config = testConfig({ simulator: false, mqttUrl: mosquitto.url, mqttUsername: SERVER.username, mqttPassword: SERVER.password });
    // A minute of trust: what a replica reads of a shadow another replica wrote, only the bus told it.
    const devices = await startDevices({ db, config, log, bus, clientId: `${name}-${thing}`, shadowTrustMs: TRUST_MS });
    const app = await buildApp({ db, config, devices, identity: TEST_IDENTITY });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { db, bus, devices, app };
  };

  beforeAll(async () => {
    if (!postgres) return;
    const dbA = await postgres.create();
    await seedDemoData(dbA);
    tenantId = await tenantIdOf(dbA, 'Helio Demo');
    await insertPlant(dbA, tenantId, thing);
    const plant = await dbA.selectFrom('plants').select(['id', 'thing_name']).where('thing_name', '=', thing).executeTakeFirstOrThrow();
    plantId = plant.id;
    const login = await setNewGatewayPassword(dbA, plant);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-replicas-'));
    mosquitto = await startMosquitto(dir, await writeMosquittoFiles(dbA, dir, SERVER));
    // The second replica has its own connections to the same database, as another process would.
    const dbB = await createDatabase(testDatabaseUrl(dbA));
    a = await startReplica(dbA, testDatabaseUrl(dbA), 'replica-a');
    b = await startReplica(dbB, testDatabaseUrl(dbA), 'replica-b');
    gateway = await mqtt.connectAsync(mosquitto.url, { username: login.username, password: login.password, clientId: `gw-${thing}` });
    adminToken = await tokenFor(dbA, await addUser(dbA, tenantId, { role: 'admin' }));
  });
  afterAll(async () => {
    await gateway?.endAsync();
    for (const replica of [b, a]) {
      if (!replica) continue;
      await replica.app.close();
      await replica.devices.close();
      await replica.bus.close();
    }
    await b?.db.destroy();
    await mosquitto?.stop();
    await postgres?.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  // each report its own sampling time, so no two of them are one sample
  let sampledAt = Date.now() - 60_000;
  const report = (values: Record<string, number>) =>
    gateway.publishAsync(reportedTopic(thing), JSON.stringify({ state: { reported: values }, timestamp: (sampledAt += 1000) }), { qos: 1 });
  const samplesOf = async (key: string) => (await rawSamplesOf(a.db, thing, key)).length;

  it('stores each report once, on one of the replicas, and pushes it to the live streams of both', async () => {
    const onA = await openLive(a.app, thing, adminToken);
    const onB = await openLive(b.app, thing, adminToken);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    const before = [a.devices.linkStats(), b.devices.linkStats()];

    await report({ ActPwrPve: 4321 });
    const shows = (stream: LiveClient) => () => shadowsOf(stream).find((e) => e.state.reported?.ActPwrPve === 4321);
    await until(shows(onA), 'the report on replica A’s stream');
    await until(shows(onB), 'the report on replica B’s stream');
    expect(await samplesOf('ActPwrPve')).toBe(1);

    // The broker hands the reports out between the replicas, each one to one of them.
    for (let i = 1; i <= 10; i++) await report({ ActPwrGrid: i });
    await until(async () => ((await samplesOf('ActPwrGrid')) >= 10 ? true : undefined), 'ten reports stored');
    await Promise.all([a.devices.shadows.idle(), b.devices.shadows.idle()]);
    const after = [a.devices.linkStats(), b.devices.linkStats()];
    const received = after.map((stats, i) => stats.received - (before[i]?.received ?? 0));
    expect(received[0]! + received[1]!).toBe(11);
    expect(received[0]).toBeGreaterThan(0);
    expect(received[1]).toBeGreaterThan(0);
    expect(await samplesOf('ActPwrGrid')).toBe(10);
    // Both replicas' streams end at the stored shadow. (Of a burst, two replicas may store two reports
    // in either order; gateways report seconds apart, and the next report is merged over it anyway.)
    const stored = await a.devices.shadows.get(thing);
    for (const [name, stream] of [
      ['A', onA],
      ['B', onB],
    ] as const) {
      await until(() => shadowsOf(stream).find((e) => e.version === stored?.version), `the stored shadow on replica ${name}’s stream`);
    }
    onA.close();
    onB.close();
  });

  it('pushes a desired write made through replica A to a live stream on replica B at once, without a report', async () => {
    const onB = await openLive(b.app, thing, adminToken);
    const wrote = await post(
      a.app,
      'iot/thing/shadow/desired',
      { thingName: thing, desiredKey: 'OperMode', desiredState: 'backup' },
      { token: adminToken },
    );
    expect(wrote.statusCode).toBe(200);
    const version = wrote.json<{ version: number }>().version;
    const pushed = await until(
      () => shadowsOf(onB).find((e) => e.state.desired?.OperMode === 'backup'),
      'the desired write on replica B’s stream',
      1000,
    );
    expect(pushed.version).toBe(version);
    onB.close();
  });

  it('pushes a change made while replica B’s bus was cut off once B listens again', async () => {
    const onB = await openLive(b.app, thing, adminToken);
    await until(() => shadowsOf(onB)[0], 'the first shadow on replica B’s stream');
    await cutListening();
    // stored through A while B does not listen: its notification is lost to B
    const wrote = await post(
      a.app,
      'iot/thing/shadow/desired',
      { thingName: thing, desiredKey: 'OperMode', desiredState: 'idle' },
      { token: adminToken },
    );
    expect(wrote.statusCode).toBe(200);
    await until(
      () => shadowsOf(onB).find((e) => e.state.desired?.OperMode === 'idle'),
      'the change on replica B’s stream after its resync',
    );
    onB.close();
  });

  /** Ends the replicas' listening connections, as a PostgreSQL restart does; they reconnect. */
  const cutListening = async () => {
    const channel = (b.bus as PgBus).channel;
    const cut = await sql<{ pid: number }>`
      select pg_terminate_backend(pid), pid from pg_stat_activity where query = ${`LISTEN "${channel}"`} and datname = current_database() and pid <> pg_backend_pid()`.execute(
      b.db,
    );
    expect(cut.rows.length).toBe(2);
  };

  const signedInViewer = async (): Promise<{ user: TestUser; idToken: string; refreshCookie: string }> => {
    const user = await addUser(a.db, tenantId, { role: 'viewer' });
    await giveTenantPlants(a.db, user.id, tenantId);
    return { user, ...(await signIn(a.app, user.email, user.password)) };
  };

  it('ends a user’s stream on replica B when an administrator disables them on replica A', async () => {
    const { user, idToken } = await signedInViewer();
    const onB = await openLive(b.app, thing, idToken);
    expect(onB.status).toBe(200);
    expect((await post(a.app, 'iam/users/disable', { id: user.id }, { token: adminToken })).statusCode).toBe(200);
    expect(await ended(onB)).toBe('ended');
  });

  it('ends a stream on replica B of a user disabled on replica A while B’s bus was cut off, once B listens again', async () => {
    const { user, idToken } = await signedInViewer();
    const onB = await openLive(b.app, thing, idToken);
    expect(onB.status).toBe(200);
    await cutListening();
    expect((await post(a.app, 'iam/users/disable', { id: user.id }, { token: adminToken })).statusCode).toBe(200);
    expect(await ended(onB)).toBe('ended');
  });

  it('ends a session’s stream on replica B when it signs out on replica A', async () => {
    const { idToken, refreshCookie } = await signedInViewer();
    const onB = await openLive(b.app, thing, idToken);
    expect(onB.status).toBe(200);
    expect((await post(a.app, 'auth/sign-out', {}, { cookie: refreshCookie })).statusCode).toBe(200);
    expect(await ended(onB)).toBe('ended');
  });

  it('ends the streams of a user’s other sessions on replica B when they change their password on replica A, not this one’s', async () => {
    const { user, idToken } = await signedInViewer();
    const other = await signIn(a.app, user.email, user.password);
    const kept = await openLive(b.app, thing, idToken);
    const signedOut = await openLive(b.app, thing, other.idToken);
    const changed = await post(
      a.app,
      'auth/change-password',
      { currentPassword: user.password, newPassword: 'Another-password-2025!' },
      { token: idToken },
    );
    expect(changed.statusCode).toBe(200);
    expect(await ended(signedOut)).toBe('ended');
    expect(kept.isEnded()).toBe(false);
    kept.close();
  });

  it('ends a user’s stream of a plant on replica B when their access to it is removed on replica A', async () => {
    const { user, idToken } = await signedInViewer();
    const onB = await openLive(b.app, thing, idToken);
    expect(onB.status).toBe(200);
    const removed = await post(a.app, 'plant/access/remove', { id: plantId, userId: user.id }, { token: adminToken });
    expect(removed.json()).toEqual({ removed: true });
    expect(await ended(onB)).toBe('ended');
  });
  type ShadowAnswer = { version: number; timestamp: number; state: { desired: Record<string, unknown> } };
  const readShadow = async (replica: Replica, token = adminToken) => {
    const answer = await post(replica.app, 'iot/thing/shadow', { thingName: thing }, { token });
    return { status: answer.statusCode, shadow: answer.statusCode === 200 ? answer.json<ShadowAnswer>() : undefined };
  };
  const writeDesired = async (replica: Replica, mode: string) => {
    const wrote = await post(
      replica.app,
      'iot/thing/shadow/desired',
      { thingName: thing, desiredKey: 'OperMode', desiredState: mode },
      { token: adminToken },
    );
    expect(wrote.statusCode).toBe(200);
    return wrote.json<ShadowAnswer>();
  };

  it('answers shadow reads on replica B from memory, and reads a desired write made through replica A once the bus brings it', async () => {
    await writeDesired(a, 'self-consumption');
    const first = await until(async () => {
      const read = await readShadow(b);
      return read.shadow?.state.desired.OperMode === 'self-consumption' ? read.shadow : undefined;
    }, 'replica B reading the shadow');
    // A change nobody announced (no replica stored it) is not seen: B answers from memory.
    await sql`update shadows set updated_at = ${new Date(first.timestamp + 1000).toISOString()} where thing_name = ${thing}`.execute(a.db);
    expect((await readShadow(b)).shadow?.timestamp).toBe(first.timestamp);
    // A write through A is announced: B reads it, long before its minute of trust is over.
    const wrote = await writeDesired(a, 'backup');
    const seen = await until(async () => {
      const read = await readShadow(b);
      return read.shadow?.version === wrote.version ? read.shadow : undefined;
    }, 'the write through replica A read on replica B');
    expect(seen.state.desired.OperMode).toBe('backup');
  });

  it('reads the database on replica B after its bus was cut off, where it may have missed a write', async () => {
    await writeDesired(a, 'idle');
    await until(
      async () => ((await readShadow(b)).shadow?.state.desired.OperMode === 'idle' ? true : undefined),
      'replica B reading the shadow',
    );
    await cutListening();
    await until(() => (b.bus.hearing() === undefined ? true : undefined), 'replica B not hearing the others');
    const wrote = await writeDesired(a, 'self-consumption');
    // at once, without waiting for the bus: what B kept is vouched for by nothing now
    const read = await readShadow(b);
    expect(read.shadow?.version).toBe(wrote.version);
    expect(read.shadow?.state.desired.OperMode).toBe('self-consumption');
  });

  it('refuses a shadow read on replica B at once when the reader’s access to the plant is removed on replica A', async () => {
    const { user, idToken } = await signedInViewer();
    const allowed = await readShadow(b, idToken);
    expect(allowed.status).toBe(200);
    expect((await readShadow(b, idToken)).status).toBe(200); // now from memory
    const removed = await post(a.app, 'plant/access/remove', { id: plantId, userId: user.id }, { token: adminToken });
    expect(removed.json()).toEqual({ removed: true });
    expect((await readShadow(b, idToken)).status).toBe(404);
  });
});
