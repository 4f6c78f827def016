// Webhooks end to end on SQLite and PostgreSQL: a signed delivery reaches a receiver, a failing one is
// retried with backoff and given up after the window, a hanging one does not hold up the API, two
// senders over one queue send each delivery once, and the log offers redelivery.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { WEBHOOK_SIGNATURE_HEADER, type DeliveryView, type WebhookView, type ErrorBody } from '@helio/contracts';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { MODULE_KEYS } from '@helio/contracts';
import { addRole, addUser, tokenFor } from '../iam/test-fixtures';
import { loadSpotConfig } from '../spot/spot-config';
import { databaseTargets } from '../testing/databases';
import { whileAuditRefused } from '../testing/refused-audit';
import { apiPost, testConfig } from '../testing/test-app';
import { loadIntegrationsConfig } from './integrations-config';
import { startReceiver, type TestReceiver } from './test-receiver';
import { emitWebhookEvent } from './webhook-events';
import { FIRST_BACKOFF_MS } from './webhook-queue';
import { PER_WEBHOOK_IN_FLIGHT, startWebhookSender, type WebhookSender } from './webhook-sender';
import { verifySignature } from './webhook-signature';
import { until } from '../testing/until';

const quiet = { warn: jest.fn(), error: jest.fn() };
/** The timeout of the test that waits for one; the others give a loaded machine all the time it needs. */
const TIMEOUT_MS = 400;
const ANSWER_BOUND_MS = 20_000;

describe.each(databaseTargets())('webhooks on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let strictApp: FastifyInstance;
  let receiver: TestReceiver;
  let tenant: string;
  let admin: string;
  const senders: WebhookSender[] = [];

  const sender = (concurrency = 4, timeoutMs = ANSWER_BOUND_MS) => {
    const made = startWebhookSender({ db, concurrency, timeoutMs, pollMs: 60_000, allowPrivate: true, log: quiet }, false);
    senders.push(made);
    return made;
  };

  beforeAll(async () => {
    db = await target.create();
    tenant = await insertTenant(db);
    admin = await tokenFor(db, await addUser(db, tenant, { role: 'admin', modules: MODULE_KEYS }));
    const spot = loadSpotConfig({});
    app = await buildApp({ db, config: testConfig(), spot, integrations: { ...loadIntegrationsConfig({}), webhookAllowPrivate: true } });
    strictApp = await buildApp({ db, config: testConfig(), spot, integrations: loadIntegrationsConfig({}) });
    receiver = await startReceiver();
  });

  afterAll(async () => {
    for (const s of senders) await s.stop();
    await receiver.close();
    await app.close();
    await strictApp.close();
    await target.destroy();
  });

  beforeEach(() => {
    receiver.received.length = 0;
    receiver.mode = 'ok';
  });

  // A test that fails before disabling its webhooks must not feed later tests' receivers.
  afterEach(async () => {
    await db.updateTable('webhooks').set({ enabled: 0 }).where('tenant_id', '=', tenant).execute();
  });

  const createHook = async (events: string[] = ['alert.opened']) => {
    const response = await apiPost(app, 'integration/webhook/create', { url: receiver.url, events }, admin);
    expect(response.statusCode).toBe(200);
    return response.json<{ webhook: WebhookView; secret: string }>();
  };
  const deliveriesOf = async (webhookId: string) =>
    (await apiPost(app, 'integration/webhook/deliveries', { webhookId }, admin)).json<{ deliveries: DeliveryView[] }>().deliveries;
  const disable = (id: string) => apiPost(app, 'integration/webhook/update', { id, enabled: false }, admin);

  it('refuses a loopback URL unless the server allows private targets', async () => {
    const refused = await apiPost(strictApp, 'integration/webhook/create', { url: receiver.url, events: ['alert.opened'] }, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error).toMatchObject({
      message: expect.stringMatching(/loopback/),
      code: 'WebhookUrlRefused',
      details: { field: 'url', reason: 'private', host: '127.0.0.1' },
    });
  });

  it('delivers an event signed with the webhook secret, and the log shows it delivered', async () => {
    const { webhook, secret } = await createHook();
    await emitWebhookEvent(db, tenant, { type: 'alert.opened', data: { alert: { id: 'a1', kind: 'inverterFault' } } });
    await emitWebhookEvent(db, tenant, { type: 'alert.cleared', data: {} }); // not listened to
    expect(await sender().runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    const signature = String(got?.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
    expect(verifySignature(secret, signature, got?.body ?? '')).toBe(true);
    expect(verifySignature('whsec_wrong', signature, got?.body ?? '')).toBe(false);
    expect(verifySignature(secret, signature, `${got?.body ?? ''} `)).toBe(false);
    expect(JSON.parse(got?.body ?? '{}')).toMatchObject({ type: 'alert.opened', data: { alert: { id: 'a1' } } });
    expect(got?.headers['helio-event']).toBe('alert.opened');
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 204, event: 'alert.opened' });
    await disable(webhook.id);
  });

  it('retries a receiver that answers 500 with backoff, and gives up after the retry window', async () => {
    const { webhook } = await createHook();
    receiver.mode = 'fail';
    const before = Date.now();
    await emitWebhookEvent(db, tenant, { type: 'alert.opened', data: {} });
    await sender().runOnce();
    const [first] = await deliveriesOf(webhook.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, error: 'HTTP 500' });
    expect(Date.parse(first?.nextAttemptAt ?? '')).toBeGreaterThanOrEqual(before + FIRST_BACKOFF_MS * 0.8);
    expect(await sender().runOnce()).toBe(0); // not due yet
    // The window is over: the next attempt is the last.
    await db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: 0, give_up_at: Date.now() + 1000 })
      .where('webhook_id', '=', webhook.id)
      .execute();
    await sender().runOnce();
    const [last] = await deliveriesOf(webhook.id);
    expect(last).toMatchObject({ status: 'failed', attempts: 2, nextAttemptAt: null });
    expect(receiver.received).toHaveLength(2);
    await disable(webhook.id);
  });

  it('answers the API while a receiver hangs, and records the timeout', async () => {
    const { webhook } = await createHook();
    receiver.mode = 'hang';
    await emitWebhookEvent(db, tenant, { type: 'alert.opened', data: {} });
    // With the timeout far away the request is surely still held while the API is asked.
    const holding = sender().runOnce();
    await until(() => receiver.received.length > 0, 'the receiver holding the request');
    expect(receiver.received).toHaveLength(1);
    const answered = await apiPost(app, 'integration/webhook/list', {}, admin);
    expect(answered.statusCode).toBe(200);
    expect((await deliveriesOf(webhook.id)).map((d) => d.attempts)).toEqual([0]);
    receiver.releaseHanging();
    await holding;
    // The next attempt, due at once, meets the short timeout: it is recorded as such and retried later.
    await db.updateTable('webhook_deliveries').set({ next_attempt_at: 0 }).where('webhook_id', '=', webhook.id).execute();
    await sender(4, TIMEOUT_MS).runOnce();
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 2, responseStatus: null, error: `No answer within ${TIMEOUT_MS} ms` });
    await disable(webhook.id);
  });

  it('keeps a hanging receiver to its own share of the senders: other webhooks are served meanwhile', async () => {
    const slow = (
      await apiPost(app, 'integration/webhook/create', { url: receiver.url.replace('/hook', '/slow'), events: ['alert.cleared'] }, admin)
    ).json<{ webhook: WebhookView }>().webhook;
    const { webhook: fast } = await createHook(['alert.opened']);
    for (let i = 0; i < 6; i++) await emitWebhookEvent(db, tenant, { type: 'alert.cleared', data: { n: i } }); // queued first
    for (let i = 0; i < 2; i++) await emitWebhookEvent(db, tenant, { type: 'alert.opened', data: { n: i } });
    // 8 slots, 4 for the tenant: the slow webhook may take only PER_WEBHOOK_IN_FLIGHT of them. The
    // timeout is far away, so the fast webhook is served while the slow one's requests are still held.
    const sending = sender(8).runOnce();
    const fastServed = async () => (await deliveriesOf(fast.id)).every((d) => d.status === 'succeeded');
    await until(fastServed, 'the fast webhook served while the slow one hangs');
    expect((await deliveriesOf(fast.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    expect(receiver.received.filter((r) => String(r.headers['helio-event']) === 'alert.cleared')).toHaveLength(PER_WEBHOOK_IN_FLIGHT);
    receiver.releaseHanging();
    await sending;
    expect((await deliveriesOf(slow.id)).filter((d) => d.attempts > 0)).toHaveLength(PER_WEBHOOK_IN_FLIGHT);
    await disable(slow.id);
    await disable(fast.id);
  });

  it('sends each queued delivery once with two senders (replicas) on one queue, and a new sender finds what is left', async () => {
    const { webhook } = await createHook();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(...(await emitWebhookEvent(db, tenant, { type: 'alert.opened', data: { n: i } })));
    const [a, b] = [sender(), sender()];
    // Each takes at most 4 (its free slots) per poll; a few rounds empty the queue.
    for (let round = 0; round < 5; round++) await Promise.all([a.runOnce(), b.runOnce()]);
    const restarted = sender();
    await restarted.runOnce();
    const delivered = receiver.received.map((r) => String(r.headers['helio-delivery'])).sort();
    expect(delivered).toEqual([...ids].sort());
    expect(new Set(delivered).size).toBe(12);
    await disable(webhook.id);
  });

  it('redelivers an event from the log as a new delivery of the same event', async () => {
    const { webhook } = await createHook();
    const [id] = await emitWebhookEvent(db, tenant, { type: 'alert.opened', data: {} });
    await sender().runOnce();
    const again = await apiPost(app, 'integration/webhook/redeliver', { id }, admin);
    expect(again.statusCode).toBe(200);
    const view = again.json<DeliveryView>();
    expect(view.id).not.toBe(id);
    expect(view.status).toBe('pending');
    await sender().runOnce();
    const bodies = receiver.received.map((r) => JSON.parse(r.body) as { id: string });
    expect(bodies).toHaveLength(2);
    expect(bodies[0]?.id).toBe(bodies[1]?.id);
    const audit = await db.selectFrom('audit_events').select('action').where('target_id', '=', webhook.id).execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['integrations.webhook_created', 'integrations.webhook_redelivered']),
    );
    await disable(webhook.id);
  });

  it('hides another tenant’s webhooks and deliveries (404)', async () => {
    const other = await tokenFor(db, await addUser(db, await insertTenant(db), { role: 'admin', modules: MODULE_KEYS }));
    const { webhook } = await createHook();
    const [id] = await emitWebhookEvent(db, tenant, { type: 'alert.opened', data: { run: randomUUID() } });
    expect((await apiPost(app, 'integration/webhook/deliveries', { webhookId: webhook.id }, other)).statusCode).toBe(404);
    const redeliver = await apiPost(app, 'integration/webhook/redeliver', { id }, other);
    expect(redeliver.statusCode).toBe(404);
    expect(redeliver.json().error.code).toBe('DeliveryNotFound');
    expect((await apiPost(app, 'integration/webhook/delete', { id: webhook.id }, other)).statusCode).toBe(404);
    expect((await apiPost(app, 'integration/webhook/delete', { id: webhook.id }, admin)).statusCode).toBe(200);
  });

  it('acts for whoever last pointed it somewhere, and shows each caller only deliveries about plants they see', async () => {
    const thing = `hook-plant-${randomUUID().slice(0, 8)}`;
    await insertPlant(db, tenant, thing);
    const plantId = (await db.selectFrom('plants').select('id').where('thing_name', '=', thing).executeTakeFirstOrThrow()).id;
    const integratorRole = await addRole(db, tenant, `Integrator ${randomUUID()}`, ['integrations:manage']);
    const integrator = await tokenFor(db, await addUser(db, tenant, { customRoleId: integratorRole, modules: MODULE_KEYS }));
    const { webhook } = await createHook();
    const [aboutPlant] = await emitWebhookEvent(db, tenant, { type: 'alert.opened', data: {}, plantId });
    const [aboutNone] = await emitWebhookEvent(db, tenant, { type: 'alert.opened', data: {} });
    const logOf = async (token: string) =>
      (await apiPost(app, 'integration/webhook/deliveries', { webhookId: webhook.id }, token))
        .json<{ deliveries: DeliveryView[] }>()
        .deliveries.map((d) => d.id)
        .sort();
    expect(await logOf(admin)).toEqual([aboutPlant, aboutNone].sort());
    expect(await logOf(integrator)).toEqual([aboutNone]);
    expect((await apiPost(app, 'integration/webhook/redeliver', { id: aboutPlant }, integrator)).statusCode).toBe(404);
    // Pointed elsewhere by someone who does not see the plant, it no longer hears of it.
    const moved = await apiPost(
      app,
      'integration/webhook/update',
      { id: webhook.id, url: receiver.url.replace('/hook', '/moved') },
      integrator,
    );
    expect(moved.statusCode).toBe(200);
    expect(await emitWebhookEvent(db, tenant, { type: 'alert.opened', data: {}, plantId })).toEqual([]);
    await disable(webhook.id);
  });

  it('makes no change whose audit entry cannot be written', async () => {
    const refusedTenant = await insertTenant(db);
    const owner = await tokenFor(db, await addUser(db, refusedTenant, { role: 'admin', modules: MODULE_KEYS }));
    const created = await apiPost(app, 'integration/webhook/create', { url: receiver.url, events: ['alert.opened'] }, owner);
    const { webhook } = created.json<{ webhook: WebhookView }>();
    const [delivery] = await emitWebhookEvent(db, refusedTenant, { type: 'alert.opened', data: {} });
    await sender().runOnce(); // sent: only an event no longer waiting may be queued again
    const hooks = async () => (await apiPost(app, 'integration/webhook/list', {}, owner)).json<{ webhooks: WebhookView[] }>().webhooks;
    const deliveries = async () =>
      (await apiPost(app, 'integration/webhook/deliveries', { webhookId: webhook.id }, owner)).json<{ deliveries: DeliveryView[] }>()
        .deliveries;
    const [before, deliveredBefore] = [await hooks(), await deliveries()];
    await whileAuditRefused(db, refusedTenant, async () => {
      for (const [path, body] of [
        ['integration/webhook/create', { url: receiver.url, events: ['alert.cleared'] }],
        ['integration/webhook/update', { id: webhook.id, description: 'Changed unaudited', enabled: false }],
        ['integration/webhook/redeliver', { id: delivery }],
        ['integration/webhook/delete', { id: webhook.id }],
      ] as const) {
        const response = await apiPost(app, path, body, owner);
        expect([path, response.statusCode]).toEqual([path, 500]);
      }
    });
    expect(await hooks()).toEqual(before);
    expect(await deliveries()).toEqual(deliveredBefore);
    await disable(webhook.id);
  });
});
