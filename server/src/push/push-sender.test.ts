// The push path from an alert to a device, against web-push-testing as the push service: who gets a
// message (the mail's recipients: schedule window, plants, permissions), what it says, what a push
// service's 404/410 and failures do, and the per-user bound.
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../db/schema';
import { addUser, giveTenantPlants, type NewUser } from '../iam/test-fixtures';
import { createAlertEngine } from '../notifications/alert-engine';
import { notificationsDb } from '../notifications/notifications-db';
import { defaultSettings, type NotificationSettings } from '../notifications/settings';
import { saveSettings } from '../notifications/settings-store';
import { createNotificationsDb, insertPlant, insertTenant, reportShadow } from '../notifications/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { startTestPushService, type TestPushService, type TestSubscription } from '../testing/push-service';
import { pushDb } from './push-db';
import { alertPagePath } from './push-message';
import { sendPushRound } from './push-sender';
import { MAX_PUSH_ATTEMPTS, PUSH_PER_USER_PER_HOUR, PUSH_RETRY_AFTER_MS, queuePush, saveSubscription } from './push-store';
import type { VapidKeys } from './vapid-keys';
import { processBus } from '../cluster/start-bus';

/** The push service's port: one per database suite, so both may run at once. */
const PUSH_PORT = { sqlite: 21900, postgres: 21901 };
const NIGHT = Date.parse('2025-06-11T21:00:00Z'); // Wednesday 23:00 in Prague
const quietLog = () => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() });
const keys = webpush.generateVAPIDKeys();
const vapid: VapidKeys = { ...keys, subject: 'mailto:push-test@helio.test' };

const inWindow = (from = '22:30', to = '23:30'): NotificationSettings => ({
  ...defaultSettings(),
  enabled: true,
  days: defaultSettings().days.map((d) => ({ ...d, from, to })),
});

/** A loopback push endpoint that answers every message with `status` and counts them. */
async function answeringWith(status: number): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = http.createServer((request, response) => {
    hits += 1;
    request.resume();
    request.on('end', () => response.writeHead(status).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/${randomBytes(4).toString('hex')}`,
    hits: () => hits,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A browser's keys, for an endpoint that is not web-push-testing's. */
const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

describe.each(databaseTargets())('push alerts on $name', (target) => {
  let db: Kysely<Database>;
  let service: TestPushService;

  beforeAll(async () => {
    db = await createNotificationsDb(target);
    service = await startTestPushService(PUSH_PORT[target.name]);
  });
  afterAll(async () => {
    await service.close();
    await target.destroy();
  });

  const engine = () => createAlertEngine({ db, bus: processBus(db), log: quietLog(), consoleUrl: 'https://ems.test', startedAt: 0 });
  const round = (at: number) => sendPushRound({ db, vapid, log: quietLog(), allowPrivate: true }, new Date(at));
  const subscriptionRows = (userId: string) =>
    pushDb(db).selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();

  async function userWithDevice(tenantId: string, settings: NotificationSettings | null, spec: NewUser & { plants?: boolean } = {}) {
    const user = await addUser(db, tenantId, spec);
    if (spec.plants !== false) await giveTenantPlants(db, user.id, tenantId);
    if (settings) await saveSettings(notificationsDb(db), user.id, settings);
    const subscription = await service.subscribe(vapid.publicKey);
    await saveSubscription(pushDb(db), user.id, { endpoint: subscription.endpoint, ...subscription.keys, name: 'Phone' });
    return { user, subscription };
  }
  const payloads = (subscription: TestSubscription) => service.messages(subscription).map((m) => JSON.parse(m) as Record<string, string>);

  it('pushes an alert to the devices of those the mail goes to, in their language, opening the alert’s page', async () => {
    const tenant = await insertTenant(db);
    const plant = await insertPlant(db, tenant, { name: 'Brno – Líšeň' });
    const czech = await userWithDevice(tenant, inWindow(), { locale: 'cs' });
    const english = await userWithDevice(tenant, inWindow(), { locale: 'en' });
    const outsideWindow = await userWithDevice(tenant, inWindow('23:01', '23:59'));
    const switchedOff = await userWithDevice(tenant, { ...inWindow(), enabled: false });
    const noModule = await userWithDevice(tenant, inWindow(), { modules: ['monitoring'] });
    const withoutThePlant = await userWithDevice(tenant, inWindow(), { plants: false });
    const otherTenant = await userWithDevice(await insertTenant(db), inWindow());

    await reportShadow(db, plant.thingName, { GridStatus: 'outage' }, NIGHT);
    await engine().tick(NIGHT);
    expect(await round(NIGHT)).toMatchObject({ failed: 0, gone: 0 });

    expect(payloads(czech.subscription)).toEqual([
      expect.objectContaining({
        title: 'Brno – Líšeň: Výpadek sítě',
        body: 'Brána hlásí ztrátu spojení se sítí.',
        url: alertPagePath(plant.id),
      }),
    ]);
    expect(payloads(english.subscription)).toEqual([expect.objectContaining({ title: 'Brno – Líšeň: Grid outage' })]);
    for (const nobody of [outsideWindow, switchedOff, noModule, withoutThePlant, otherTenant])
      expect(payloads(nobody.subscription)).toEqual([]);
    const [czechDevice] = await subscriptionRows(czech.user.id);
    expect(czechDevice?.last_sent_at).toBe(new Date(NIGHT).toISOString());
  });

  it('removes a subscription the push service answers 410 for, with its queued messages', async () => {
    const tenant = await insertTenant(db);
    const { user, subscription } = await userWithDevice(tenant, inWindow());
    service.expire(subscription);
    await queuePush(pushDb(db), user.id, () => ({ title: 't', body: 'b', url: '/', tag: 'x' }), new Date(NIGHT));
    expect(await round(NIGHT)).toMatchObject({ gone: 1, sent: 0 });
    expect(await subscriptionRows(user.id)).toEqual([]);
    expect(await pushDb(db).selectFrom('push_outbox').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('removes a subscription the push service answers 404 for, and keeps the user’s other devices', async () => {
    const tenant = await insertTenant(db);
    const { user, subscription } = await userWithDevice(tenant, inWindow());
    const unknown = await answeringWith(404);
    try {
      await saveSubscription(pushDb(db), user.id, { endpoint: unknown.url, ...browserKeys(), name: 'Old laptop' });
      await queuePush(pushDb(db), user.id, () => ({ title: 't', body: 'b', url: '/', tag: 'x' }), new Date(NIGHT));
      expect(await round(NIGHT)).toMatchObject({ gone: 1, sent: 1 });
      expect(unknown.hits()).toBe(1);
      expect((await subscriptionRows(user.id)).map((s) => s.endpoint)).toEqual([subscription.endpoint]);
    } finally {
      await unknown.close();
    }
  });

  it('tries a failing push service again after the retry delay, at most MAX_PUSH_ATTEMPTS times, and keeps the device', async () => {
    const tenant = await insertTenant(db);
    const user = await addUser(db, tenant);
    const failing = await answeringWith(503);
    try {
      await saveSubscription(pushDb(db), user.id, { endpoint: failing.url, ...browserKeys(), name: 'Tablet' });
      await queuePush(pushDb(db), user.id, () => ({ title: 't', body: 'b', url: '/', tag: 'x' }), new Date(NIGHT));
      expect(await round(NIGHT)).toMatchObject({ failed: 1 });
      expect(await round(NIGHT + PUSH_RETRY_AFTER_MS - 1)).toMatchObject({ failed: 0 }); // too early for a retry
      for (let i = 1; i <= MAX_PUSH_ATTEMPTS + 2; i++) await round(NIGHT + i * (PUSH_RETRY_AFTER_MS + 1));
      expect(failing.hits()).toBe(MAX_PUSH_ATTEMPTS);
      const [row] = await pushDb(db).selectFrom('push_outbox').selectAll().where('user_id', '=', user.id).execute();
      expect(row).toMatchObject({ sent_at: null, attempts: MAX_PUSH_ATTEMPTS });
      expect(row?.last_error).toBe('HTTP 503');
      expect(await subscriptionRows(user.id)).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });

  it('queues at most PUSH_PER_USER_PER_HOUR messages for one user in an hour, and more in the next', async () => {
    const tenant = await insertTenant(db);
    const { user } = await userWithDevice(tenant, inWindow());
    const message = () => ({ title: 't', body: 'b', url: '/', tag: 'x' });
    let queued = 0;
    for (let i = 0; i < PUSH_PER_USER_PER_HOUR + 5; i++)
      queued += await queuePush(pushDb(db), user.id, message, new Date(NIGHT + i * 1000));
    expect(queued).toBe(PUSH_PER_USER_PER_HOUR);
    expect(await queuePush(pushDb(db), user.id, message, new Date(NIGHT + 3_600_000 + 1000))).toBe(1);
  });
});
