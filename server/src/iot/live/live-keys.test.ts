// Live streams of API keys are held to what a user's are: they end when the key is revoked or expires
// and when its creator is disabled, and every close lets go of all the stream held (shadow listener,
// access watchers, the per-caller count), so a key opens and closes streams without end.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ClusterTopic } from '../../cluster/bus';
import { addUser, post, tenantIdOf, tokenFor } from '../../iam/test-fixtures';
import { databaseTargets } from '../../testing/databases';
import { startDemoApp, type DemoApp } from '../../testing/demo-app';
import { openLiveClient } from '../../testing/live-client';
import { insertPlant } from '../test-fixtures';
import { until } from '../../testing/until';
import { MAX_LIVE_STREAMS_PER_USER } from './live';

const WATCHED: ReadonlyArray<ClusterTopic | 'resync'> = ['access-ended', 'plant-access-revoked', 'resync'];
const within = (promise: Promise<void>, ms = 3000) =>
  Promise.race([promise.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still open'), ms))]);

describe.each(databaseTargets())('live streams of API keys on $name', (target) => {
  const thing = `live-key-${randomUUID().slice(0, 8)}`;
  let db: Kysely<Database>;
  let demo: DemoApp;
  let app: FastifyInstance;
  let tenantId: string;

  beforeAll(async () => {
    db = await target.create();
    demo = await startDemoApp(db, 'live-keys');
    app = demo.app;
    tenantId = await tenantIdOf(db, 'Helio Demo');
    await insertPlant(db, tenantId, thing);
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await demo.close();
    await target.destroy();
  });

  /** A read key made through the API by a new admin, with the admin's id and token. */
  const newKey = async (expiresAt: string | null = null) => {
    const creator = await addUser(db, tenantId, { role: 'admin' });
    const token = await tokenFor(db, creator);
    const made = await post(app, 'integration/key/create', { name: 'Live', scope: 'read', plantIds: null, expiresAt }, { token });
    expect(made.statusCode).toBe(200);
    const { key, secret } = made.json<{ key: { id: string }; secret: string }>();
    return { creator, token, id: key.id, secret };
  };
  const holding = () => ({
    shadows: demo.devices.live.listenerCount(thing),
    ...Object.fromEntries(WATCHED.map((topic) => [topic, demo.devices.bus.listenerCount(topic)])),
  });

  it('lets go of everything a stream held when it closes: N opens and closes leave nothing and lock nothing out', async () => {
    const { secret } = await newKey();
    const before = holding();
    const opens = MAX_LIVE_STREAMS_PER_USER * 2 + 1;
    for (let i = 0; i < opens; i++) {
      const stream = await openLiveClient(app, `things=${thing}`, secret);
      expect([i, stream.status]).toEqual([i, 200]);
      await until(() => (stream.of('shadow').length > 0 ? true : undefined));
      expect(holding().shadows).toBe(before.shadows + 1);
      stream.close();
      await until(() => (JSON.stringify(holding()) === JSON.stringify(before) ? true : undefined));
    }
    expect(holding()).toEqual(before);
  });

  it('ends a key’s streams when the key is revoked, and refuses it afterwards', async () => {
    const { id, secret, token } = await newKey();
    const stream = await openLiveClient(app, `things=${thing}`, secret);
    expect(stream.status).toBe(200);
    expect((await post(app, 'integration/key/revoke', { id }, { token })).statusCode).toBe(200);
    expect(await within(stream.ended)).toBe('ended');
    expect((await openLiveClient(app, `things=${thing}`, secret)).status).toBe(401);
  });

  it('ends a key’s streams when its creator is disabled', async () => {
    const { creator, secret } = await newKey();
    const stream = await openLiveClient(app, `things=${thing}`, secret);
    const admin = await tokenFor(db, await addUser(db, tenantId, { role: 'owner' }));
    expect((await post(app, 'iam/users/disable', { id: creator.id }, { token: admin })).statusCode).toBe(200);
    expect(await within(stream.ended)).toBe('ended');
  });

  it('ends a key’s stream when the key expires', async () => {
    const { id, secret } = await newKey(new Date(Date.now() + 60_000).toISOString());
    // Made with a minute to live, then let expire within the next second.
    await db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() + 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const stream = await openLiveClient(app, `things=${thing}`, secret);
    expect(stream.status).toBe(200);
    expect(await within(stream.ended)).toBe('ended');
  });
});
