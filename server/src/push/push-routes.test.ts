// The caller's devices through the API: subscribe with the server's VAPID key, list, rename, remove,
// a test message that reaches the device through the push service, and nobody else's devices.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { buildApp } from '../http/app';
import { addUser, post, tokenFor } from '../iam/test-fixtures';
import { createNotificationsDb, insertTenant } from '../notifications/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { startTestPushService, type TestPushService } from '../testing/push-service';
import { testConfig } from '../testing/test-app';
import { sendPushRound } from './push-sender';
import { MAX_SUBSCRIPTIONS_PER_USER } from './push-store';
import { VAPID_FILE, vapidKeys } from './vapid-keys';

const PUSH_PORT = { sqlite: 21902, postgres: 21903 };

describe.each(databaseTargets())('the push devices API on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let service: TestPushService;
  let tenantId: string;
  const config = testConfig();

  beforeAll(async () => {
    db = await createNotificationsDb(target);
    app = await buildApp({ db, config });
    service = await startTestPushService(PUSH_PORT[target.name]);
    tenantId = await insertTenant(db);
  });
  afterAll(async () => {
    await app.close();
    await service.close();
    await target.destroy();
  });

  const signedIn = async (spec: Parameters<typeof addUser>[2] = {}) => {
    const user = await addUser(db, tenantId, spec);
    return { user, token: await tokenFor(db, user) };
  };
  const publicKey = async (token: string) =>
    (await post(app, 'notifications/push/key', {}, { token })).json<{ publicKey: string }>().publicKey;
  const subscribe = async (token: string, name: string) => {
    const subscription = await service.subscribe(await publicKey(token));
    const { clientHash, ...browserJson } = subscription;
    void clientHash;
    const response = await post(app, 'notifications/push/subscribe', { name, subscription: browserJson }, { token });
    return { subscription, response };
  };
  const devices = async (token: string) =>
    (await post(app, 'notifications/push/list', {}, { token })).json<{ devices: { id: string; name: string }[] }>().devices;

  it('keeps the VAPID key pair in the data directory, readable by the server’s user only', async () => {
    const { token } = await signedIn();
    const key = await publicKey(token);
    const file = path.join(config.dataDir, VAPID_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ publicKey: key });
    expect(Buffer.from(key, 'base64url')).toHaveLength(65); // an uncompressed P-256 point, as browsers take it
  });

  it('lists, renames and removes the caller’s own devices', async () => {
    const { token } = await signedIn();
    const { response } = await subscribe(token, 'Phone');
    expect(response.statusCode).toBe(200);
    const phone = response.json<{ id: string; service: string; lastSentAt: null }>();
    expect(phone).toMatchObject({ name: 'Phone', service: `127.0.0.1:${PUSH_PORT[target.name]}`, lastSentAt: null });
    await subscribe(token, 'Office PC');
    expect((await devices(token)).map((d) => d.name)).toEqual(['Phone', 'Office PC']);
    expect((await post(app, 'notifications/push/rename', { id: phone.id, name: 'Pixel' }, { token })).json()).toMatchObject({
      name: 'Pixel',
    });
    expect((await post(app, 'notifications/push/remove', { id: phone.id }, { token })).json()).toEqual({ removed: true });
    expect((await devices(token)).map((d) => d.name)).toEqual(['Office PC']);
  });

  it('neither shows nor changes another user’s devices', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const device = (await subscribe(owner.token, 'Phone')).response.json<{ id: string }>();
    expect(await devices(other.token)).toEqual([]);
    const rename = await post(app, 'notifications/push/rename', { id: device.id, name: 'Mine' }, { token: other.token });
    expect(rename.statusCode).toBe(404);
    expect(rename.json().error.code).toBe('PushDeviceNotFound');
    expect((await post(app, 'notifications/push/test', { id: device.id }, { token: other.token })).statusCode).toBe(404);
    expect((await post(app, 'notifications/push/remove', { id: device.id }, { token: other.token })).statusCode).toBe(404);
    expect((await devices(owner.token)).map((d) => d.name)).toEqual(['Phone']);
  });

  it('sends a test message to the one device asked for, in the user’s language', async () => {
    const { token } = await signedIn({ locale: 'cs' });
    const phone = await subscribe(token, 'Phone');
    const laptop = await subscribe(token, 'Laptop');
    const asked = await post(app, 'notifications/push/test', { id: phone.response.json<{ id: string }>().id }, { token });
    expect(asked.json()).toEqual({ queued: true });
    const vapid = vapidKeys(config.dataDir, 'mailto:push-test@helio.test');
    expect(await sendPushRound({ db, vapid, log: { info: jest.fn(), error: jest.fn() }, allowPrivate: true })).toMatchObject({ sent: 1 });
    expect(service.messages(phone.subscription).map((m) => JSON.parse(m) as unknown)).toEqual([
      expect.objectContaining({ title: 'Helio EMS: zkušební upozornění', url: '/my-account/notifications' }),
    ]);
    expect(service.messages(laptop.subscription)).toEqual([]);
  });

  it('refuses a device past the number one user may keep, and a body that is not a subscription', async () => {
    const { token } = await signedIn();
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_USER; i++) expect((await subscribe(token, `Device ${i}`)).response.statusCode).toBe(200);
    expect((await subscribe(token, 'One too many')).response.statusCode).toBe(409);
    const bad = await post(
      app,
      'notifications/push/subscribe',
      { name: 'X', subscription: { endpoint: 'javascript:alert(1)', keys: { p256dh: 'a', auth: 'b' } } },
      { token },
    );
    expect(bad.statusCode).toBe(400);
  });

  it('answers only signed-in callers', async () => {
    expect((await post(app, 'notifications/push/list', {})).statusCode).toBe(401);
  });
});
