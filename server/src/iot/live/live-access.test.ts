// Live streams end when access ends (sign-out, a revoked session, a reused refresh token, a disabled or deleted user), one
// user cannot hold more than a handful of them, and a reader that stops reading is dropped.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import type { Database } from '../../db/schema';
import { seedDemoData } from '../../demo/seed';
import { buildApp } from '../../http/app';
import { TEST_IDENTITY, addUser, post, tenantIdOf, tokenFor, type TestUser } from '../../iam/test-fixtures';
import { databaseTargets } from '../../testing/databases';
import { openLiveClient, type LiveClient } from '../../testing/live-client';
import { signIn, testConfig } from '../../testing/test-app';
import { boundedWriter, MAX_LIVE_STREAMS_PER_USER } from './live';
import { startDevices, type DeviceServices } from '../services';
import { insertPlant, recordingLog } from '../test-fixtures';
import { until } from '../../testing/until';

interface OpenStream {
  status: number;
  response: IncomingMessage;
  ended: Promise<void>;
  isEnded: () => boolean;
}

function openLive(app: FastifyInstance, thing: string, token: string): Promise<OpenStream> {
  const port = (app.server.address() as AddressInfo).port;
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: `/api/live?things=${thing}`, headers: { authorization: `Bearer ${token}` }, agent: false },
        (response) => {
          let done = false;
          response.resume();
          const ended = new Promise<void>((resolveEnd) => response.on('close', () => ((done = true), resolveEnd())));
          resolve({ status: response.statusCode ?? 0, response, ended, isEnded: () => done });
        },
      )
      .on('error', reject);
  });
}

/** 'ended' when the stream ends within `ms`, else 'still open'; the timer goes with the answer (a pending one kept the worker from exiting). */
async function within(promise: Promise<void>, ms = 3000): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still open'), ms)));
  try {
    return await Promise.race([promise.then(() => 'ended'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe.each(databaseTargets())('live streams and access on $name', (target) => {
  const thing = `live-acc-${randomUUID().slice(0, 8)}`;
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let tenantId: string;
  let adminToken: string;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    tenantId = await tenantIdOf(db, 'Helio Demo');
    await insertPlant(db, tenantId, thing);
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: `live-acc-${thing}` });
    app = await buildApp({ db, config, devices, identity: TEST_IDENTITY });
    await app.listen({ port: 0, host: '127.0.0.1' });
    adminToken = await tokenFor(db, await addUser(db, tenantId, { role: 'admin' }));
  });
  afterAll(async () => {
    await app.close();
    await devices.close();
    await target.destroy();
  });

  const signedIn = async () => {
    const user: TestUser = await addUser(db, tenantId, { role: 'admin' });
    return { user, ...(await signIn(app, user.email, user.password)) };
  };

  it('ends a user’s streams when an administrator disables them', async () => {
    const { user, idToken } = await signedIn();
    const stream = await openLive(app, thing, idToken);
    expect(stream.status).toBe(200);
    expect((await post(app, 'iam/users/disable', { id: user.id }, { token: adminToken })).statusCode).toBe(200);
    expect(await within(stream.ended)).toBe('ended');
  });

  it('ends a user’s streams when an administrator deletes them', async () => {
    const { user, idToken } = await signedIn();
    const stream = await openLive(app, thing, idToken);
    expect((await post(app, 'iam/users/delete', { id: user.id }, { token: adminToken })).statusCode).toBe(200);
    expect(await within(stream.ended)).toBe('ended');
  });

  it('ends the streams of a session that signs out, and of a revoked session only', async () => {
    const first = await signedIn();
    const stream = await openLive(app, thing, first.idToken);
    expect((await post(app, 'auth/sign-out', {}, { cookie: first.refreshCookie })).statusCode).toBe(200);
    expect(await within(stream.ended)).toBe('ended');

    const { user, idToken } = await signedIn();
    const other = await signIn(app, user.email, user.password);
    const kept = await openLive(app, thing, idToken);
    const revoked = await openLive(app, thing, other.idToken);
    const sessions = (await post(app, 'auth/sessions/list', {}, { token: idToken })).json<{
      sessions: Array<{ id: string; current: boolean }>;
    }>();
    const otherSession = sessions.sessions.find((s) => !s.current);
    expect(otherSession).toBeDefined();
    expect((await post(app, 'auth/sessions/revoke', { id: otherSession?.id ?? '' }, { token: idToken })).statusCode).toBe(200);
    expect(await within(revoked.ended)).toBe('ended');
    expect(kept.isEnded()).toBe(false);
    kept.response.destroy();
  });

  it('ends the streams of a session whose refresh token is used again after its rotation (a copied token)', async () => {
    const { idToken, refreshCookie } = await signedIn();
    const stream = await openLive(app, thing, idToken);
    // the first refresh rotates the token; the second with the same one is a racing tab's grace use
    expect((await post(app, 'auth/refresh', {}, { cookie: refreshCookie })).statusCode).toBe(200);
    expect((await post(app, 'auth/refresh', {}, { cookie: refreshCookie })).statusCode).toBe(200);
    expect(stream.isEnded()).toBe(false);
    // the third is reuse: the session is revoked, and its open stream ends with it
    expect((await post(app, 'auth/refresh', {}, { cookie: refreshCookie })).statusCode).toBe(401);
    expect(await within(stream.ended)).toBe('ended');
  });

  it('refuses a user more than the allowed number of open streams', async () => {
    const { idToken } = await signedIn();
    const streams = [];
    for (let i = 0; i < MAX_LIVE_STREAMS_PER_USER; i++) streams.push(await openLive(app, thing, idToken));
    expect(streams.map((s) => s.status)).toEqual(Array(MAX_LIVE_STREAMS_PER_USER).fill(200));
    const refused = await openLive(app, thing, idToken);
    expect(refused.status).toBe(429);
    streams[0]?.response.destroy();
    await until(async () => {
      const again = await openLive(app, thing, idToken);
      if (again.status !== 200) return undefined;
      again.response.destroy();
      return true;
    }, 'a stream once one was closed');
    for (const s of streams) s.response.destroy();
  });
});

describe.each(databaseTargets())('live streams that carry only alerts on $name', (target) => {
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let tenantId: string;

  beforeAll(async () => {
    db = await target.create();
    await seedDemoData(db);
    tenantId = await tenantIdOf(db, 'Helio Demo');
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: `live-alerts-${randomUUID().slice(0, 8)}` });
    app = await buildApp({ db, config, devices, identity: TEST_IDENTITY });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await devices.close();
    await target.destroy();
  });

  it('counts them against the same per-user cap, and ends them all when the user signs out', async () => {
    const user = await addUser(db, tenantId, { role: 'viewer' });
    const { idToken, refreshCookie } = await signIn(app, user.email, user.password);
    const streams: LiveClient[] = [];
    for (let i = 0; i < MAX_LIVE_STREAMS_PER_USER; i++) streams.push(await openLiveClient(app, 'alerts=true', idToken));
    expect(streams.map((s) => s.status)).toEqual(Array(MAX_LIVE_STREAMS_PER_USER).fill(200));
    expect((await openLiveClient(app, 'alerts=true', idToken)).status).toBe(429);
    expect((await post(app, 'auth/sign-out', {}, { cookie: refreshCookie })).statusCode).toBe(200);
    expect(await Promise.all(streams.map((s) => within(s.ended)))).toEqual(Array(MAX_LIVE_STREAMS_PER_USER).fill('ended'));
  });

  it('refuses a stream that names no thing and asks for no alerts', async () => {
    const token = await tokenFor(db, await addUser(db, tenantId, { role: 'viewer' }));
    for (const query of ['', 'things=', 'alerts=false', 'alerts=yes']) {
      const refused = await openLiveClient(app, query, token);
      expect([query, refused.status]).toEqual([query, 400]);
    }
  });
});

describe('live stream back-pressure', () => {
  it('drops a reader that lets more than the bound pile up, and keeps one that reads', async () => {
    const stalled = new PassThrough({ highWaterMark: 1024 });
    const write = boundedWriter(stalled, 16 * 1024);
    let written = 0;
    while (write('x'.repeat(1024)) && written < 1000) written++;
    expect(stalled.destroyed).toBe(true);
    expect(written).toBeLessThan(40);

    const reading = new PassThrough({ highWaterMark: 1024 });
    reading.resume();
    const writeReading = boundedWriter(reading, 16 * 1024);
    for (let i = 0; i < 200; i++) {
      expect(writeReading('x'.repeat(1024))).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(reading.destroyed).toBe(false);
  });
});
