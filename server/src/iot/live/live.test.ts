// The live route over a real listening server: SSE needs a streaming client, so fetch reads it.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../db/schema';
import { buildApp } from '../../http/app';
import { installAccessControl } from '../../iam/access-hook';
import { createAuthenticator, installAuthentication } from '../../http/auth';
import { installErrorHandler } from '../../http/error-handler';
import { createTokenService, TOKEN_LIFETIME_S } from '../../auth/tokens';
import { databaseTargets, type TestDatabase } from '../../testing/databases';
import { testConfig } from '../../testing/test-app';
import { LiveHub, registerLiveRoute, type ShadowEvent } from './live';
import { startDevices, type DeviceServices } from '../services';
import { ShadowStore } from '../shadows/shadow-store';
import { insertPlant, insertTenant, recordingLog, userWithToken } from '../test-fixtures';
import { until, WAIT_BOUND_MS } from '../../testing/until';
import { processBus } from '../../cluster/start-bus';
import { PlantLookup } from '../../plants/access';

type Block = { comment: string } | { event: string; data: ShadowEvent };

/** Reads a text/event-stream response block by block. */
function sseReader(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    /** The next block, or undefined when the stream ended. */
    async next(timeoutMs = WAIT_BOUND_MS): Promise<Block | undefined> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) return { comment: block.slice(1).trim() };
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
          return { event, data: JSON.parse(data) as ShadowEvent };
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no event within the time limit');
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('no event within the time limit')), left);
          }),
        ]).finally(() => clearTimeout(timer));
        if (chunk.done) return undefined;
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    /** The next shadow event, skipping comments. */
    async nextShadow(timeoutMs = WAIT_BOUND_MS): Promise<ShadowEvent> {
      for (;;) {
        const block = await this.next(timeoutMs);
        if (!block) throw new Error('stream ended');
        if ('event' in block) {
          expect(block.event).toBe('shadow');
          return block.data;
        }
      }
    },
    cancel: () => reader.cancel(),
  };
}

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const openLive = (app: FastifyInstance, things: string, token?: string, signal?: AbortSignal) =>
  fetch(`${urlOf(app)}/api/live?things=${encodeURIComponent(things)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });

describe.each(databaseTargets())('GET /api/live on $name', (target) => {
  const run = randomUUID().slice(0, 8);
  const ours = `live-a-${run}`;
  const second = `live-b-${run}`;
  const theirs = `live-x-${run}`;
  let db: Kysely<Database>;
  let devices: DeviceServices;
  let app: FastifyInstance;
  let tenant: string;
  let token: string;

  beforeAll(async () => {
    db = await target.create();
    tenant = await insertTenant(db);
    await insertPlant(db, tenant, ours);
    await insertPlant(db, tenant, second, { batteryKwh: null, chargerKw: null });
    await insertPlant(db, await insertTenant(db), theirs);
    token = (await userWithToken(db, tenant, 'viewer')).idToken;
    const config = testConfig({ mqttPort: 0, simulator: false });
    devices = await startDevices({ db, config, log: recordingLog(), clientId: `live-${run}` });
    app = await buildApp({ db, config, devices });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await devices.shadows.applyReported(ours, { ActPwrPve: 100 }, Date.now());
  });

  afterAll(async () => {
    await app.close();
    await devices.close();
    await target.destroy();
  });

  it('sends each thing’s current shadow first, then each stored change', async () => {
    const response = await openLive(app, `${ours},${second}`, token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const stream = sseReader(response);
    try {
      const first = await stream.nextShadow();
      expect(first).toMatchObject({ thingName: ours, state: { reported: { ActPwrPve: 100 }, delta: {} }, version: 1 });
      expect(first.metadata.reported.ActPwrPve).toEqual({ timestamp: expect.any(Number) });
      expect(await stream.nextShadow()).toMatchObject({ thingName: second, state: { reported: {} }, version: 0 });

      await devices.shadows.applyReported(ours, { ActPwrPve: 250 }, Date.now());
      const change = await stream.nextShadow();
      expect(change).toMatchObject({ thingName: ours, state: { reported: { ActPwrPve: 250 } }, version: 2 });
      expect(Object.keys(change).sort()).toEqual(['hasDelta', 'metadata', 'state', 'thingName', 'timestamp', 'version']);
    } finally {
      await stream.cancel();
    }
  });

  it('answers 404 before streaming when any thing belongs to another tenant', async () => {
    const response = await openLive(app, `${ours},${theirs}`, token);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'PlantNotFound', message: `Plant ${theirs} not found` } });
  });

  it('answers 401 without a token and 400 without things', async () => {
    expect((await openLive(app, ours)).status).toBe(401);
    const response = await fetch(`${urlOf(app)}/api/live`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('BadRequest');
  });

  it('stops listening once the client disconnects', async () => {
    const controller = new AbortController();
    const stream = sseReader(await openLive(app, ours, token, controller.signal));
    await stream.nextShadow();
    expect(devices.live.listenerCount(ours)).toBe(1);
    controller.abort();
    await until(() => (devices.live.listenerCount(ours) === 0 ? true : undefined));
  });

  it('ends the stream when the caller’s token expires', async () => {
    const expiresSoon = (await userWithToken(db, tenant, 'viewer', () => Date.now() - (TOKEN_LIFETIME_S - 2) * 1000)).idToken;
    const stream = sseReader(await openLive(app, ours, expiresSoon));
    await stream.nextShadow();
    let block = await stream.next();
    while (block) block = await stream.next();
    expect(block).toBeUndefined();
    await until(() => (devices.live.listenerCount(ours) === 0 ? true : undefined));
  });
});

// node:http with one connection per stream: fetch's pool may keep a spare socket that never sends a
// request, and Node's close() waits for such a socket; that is the HTTP server's concern, not the stream's.
function httpLive(app: FastifyInstance, thing: string, token: string) {
  const port = (app.server.address() as AddressInfo).port;
  return new Promise<{ response: IncomingMessage; body: () => string; ended: Promise<void> }>((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: `/api/live?things=${thing}`, headers: { authorization: `Bearer ${token}` }, agent: false },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          const ended = new Promise<void>((done) => response.on('close', () => done()));
          resolve({ response, body: () => text, ended });
        },
      )
      .on('error', reject);
  });
}

describe('live stream housekeeping', () => {
  const target = databaseTargets()[0] as TestDatabase;
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let token: string;
  const live = new LiveHub();
  const thing = `live-ping-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    await insertPlant(db, tenant, thing);
    token = (await userWithToken(db, tenant)).idToken;
    app = Fastify();
    installErrorHandler(app);
    installAuthentication(app, createAuthenticator(db, await createTokenService(db)));
    installAccessControl(app); // authenticates the route, as buildApp's does
    await registerLiveRoute(app, { db, plants: new PlantLookup(db), shadows: new ShadowStore(db), live, bus: processBus(db), pingMs: 100 });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    await target.destroy();
  });

  it('sends a ping comment at the ping interval', async () => {
    const stream = await httpLive(app, thing, token);
    try {
      await until(() => (stream.body().includes('event: shadow') ? true : undefined));
      const pingsBefore = stream.body().split(': ping\n\n').length - 1;
      await until(() => (stream.body().split(': ping\n\n').length - 1 > pingsBefore ? true : undefined));
      expect(stream.body()).toMatch(/^: connected\n\nevent: shadow\ndata: .*\n\n(: ping\n\n)+$/);
    } finally {
      stream.response.destroy();
      await stream.ended;
    }
    await until(() => (live.listenerCount(thing) === 0 ? true : undefined));
  });

  it('ends open streams when the server closes, so closing does not hang', async () => {
    const stream = await httpLive(app, thing, token);
    expect(stream.response.statusCode).toBe(200);
    await until(() => (live.listenerCount(thing) === 1 ? true : undefined));
    await app.close(); // a stream left open would hold this until jest's timeout
    await stream.ended;
    expect(stream.body()).toContain('event: shadow');
    expect(live.listenerCount()).toBe(0);
  });
});
