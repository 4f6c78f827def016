// One tenant's webhooks cannot starve another's (SQLite and PostgreSQL, a loopback receiver): claims
// take the tenants in turn, a tenant's attempts in flight are capped below the sender's slots, and
// redeliveries from the log are capped per event and per tenant.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { MAX_PENDING_REDELIVERIES, type ErrorBody } from '@helio/contracts';
import type { Database } from '../db/schema';
import { insertTenant } from '../iot/test-fixtures';
import { buildApp } from '../http/app';
import { addUser, tokenFor, type TestUser } from '../iam/test-fixtures';
import { loadSpotConfig } from '../spot/spot-config';
import { databaseTargets } from '../testing/databases';
import { apiPost, testConfig } from '../testing/test-app';
import { loadIntegrationsConfig } from './integrations-config';
import { startReceiver, type TestReceiver } from './test-receiver';
import { until, WAIT_BOUND_MS } from '../testing/until';
import { emitWebhookEvent } from './webhook-events';
import { claimDue } from './webhook-queue';
import { perTenantInFlight, startWebhookSender } from './webhook-sender';
import { createWebhook } from './webhook-store';

const quiet = { warn: jest.fn(), error: jest.fn() };
const CONCURRENCY = 8;

describe.each(databaseTargets())('webhook fairness on $name', (target) => {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let receiver: TestReceiver;

  beforeAll(async () => {
    db = await target.create();
    app = await buildApp({
      db,
      config: testConfig(),
      spot: loadSpotConfig({}),
      integrations: { ...loadIntegrationsConfig({}), webhookAllowPrivate: true },
    });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await app.close();
    await target.destroy();
  });

  /** A tenant with an admin, and `count` webhooks of theirs to `path` (…/0, …/1…). */
  async function tenantWithHooks(count: number, path: string): Promise<{ tenant: string; admin: TestUser; hooks: string[] }> {
    const tenant = await insertTenant(db);
    const admin = await addUser(db, tenant, { role: 'admin' });
    const hooks: string[] = [];
    for (let i = 0; i < count; i++) {
      const url = receiver.url.replace('/hook', `${path}/${i}`);
      hooks.push((await createWebhook(db, { tenantId: tenant, url, events: ['alert.opened'], description: '', creator: admin })).id);
    }
    return { tenant, admin, hooks };
  }
  const statusesOf = async (tenant: string) =>
    (await db.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('tenant_id', '=', tenant).execute()).map(
      (d) => `${d.status}/${d.attempts}`,
    );
  const stopAll = (tenant: string) => db.updateTable('webhooks').set({ enabled: 0 }).where('tenant_id', '=', tenant).execute();

  it('claims the tenants in turn: each one’s longest-waiting delivery before anyone’s second', async () => {
    const busy = await tenantWithHooks(1, '/ordered-busy');
    const quietOnes = [await tenantWithHooks(1, '/ordered-a'), await tenantWithHooks(1, '/ordered-b')];
    for (let i = 0; i < 5; i++) await emitWebhookEvent(db, busy.tenant, { type: 'alert.opened', data: { i } });
    for (const one of quietOnes) await emitWebhookEvent(db, one.tenant, { type: 'alert.opened', data: {} });
    const { rows } = await claimDue(db, 3, 60_000);
    expect(rows.map((r) => r.tenant_id).sort()).toEqual([busy.tenant, ...quietOnes.map((o) => o.tenant)].sort());
    for (const tenant of [busy.tenant, ...quietOnes.map((o) => o.tenant)]) await stopAll(tenant);
  });

  it('delivers another tenant’s event while one tenant’s 20 receivers hang, and holds that tenant to its share of the slots', async () => {
    const hanging = await tenantWithHooks(20, '/slow');
    const other = await tenantWithHooks(1, '/served');
    // The hanging tenant's 40 deliveries are queued first: the old queue served them in that order.
    for (let i = 0; i < 2; i++) await emitWebhookEvent(db, hanging.tenant, { type: 'alert.opened', data: { i } });
    await emitWebhookEvent(db, other.tenant, { type: 'alert.opened', data: {} });
    // The timeout is far away: the other tenant is served while the hanging receivers still hold
    // their requests, whatever the load on the machine.
    const sender = startWebhookSender(
      { db, concurrency: CONCURRENCY, timeoutMs: WAIT_BOUND_MS, pollMs: 60_000, allowPrivate: true, log: quiet },
      false,
    );
    // One poll: what it claims is sent (the hanging ones until the receiver lets them go).
    const sending = sender.runOnce();
    await until(async () => (await statusesOf(other.tenant))[0] === 'succeeded/1', 'the other tenant served');
    receiver.releaseHanging();
    const started = await sending;
    await sender.stop();
    expect(started).toBe(perTenantInFlight(CONCURRENCY) + 1);
    expect(await statusesOf(other.tenant)).toEqual(['succeeded/1']);
    const attempted = (await statusesOf(hanging.tenant)).filter((s) => !s.endsWith('/0'));
    expect(attempted).toHaveLength(perTenantInFlight(CONCURRENCY));
    expect(perTenantInFlight(CONCURRENCY)).toBeLessThan(CONCURRENCY);
    await stopAll(hanging.tenant);
    await stopAll(other.tenant);
  });

  it('queues an event again only when it is not waiting already, and at most the cap of redeliveries per tenant', async () => {
    const { tenant, admin } = await tenantWithHooks(1, '/redelivered');
    const token = await tokenFor(db, admin);
    const ids: string[] = [];
    for (let i = 0; i <= MAX_PENDING_REDELIVERIES; i++)
      ids.push(...(await emitWebhookEvent(db, tenant, { type: 'alert.opened', data: { i } })));
    const redeliver = (id: string) => apiPost(app, 'integration/webhook/redeliver', { id }, token);
    const [first, ...rest] = ids;
    if (!first) throw new Error('no delivery queued');
    const waiting = await redeliver(first);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json<ErrorBody>().error.code).toBe('RedeliveryPending');

    await db.updateTable('webhook_deliveries').set({ status: 'failed' }).where('tenant_id', '=', tenant).execute();
    const statuses: number[] = [];
    for (const id of ids) statuses.push((await redeliver(id)).statusCode);
    expect(statuses).toEqual([...Array<number>(MAX_PENDING_REDELIVERIES).fill(200), 429]);
    const refused = await redeliver(rest.at(-1) ?? first);
    expect(refused.json<ErrorBody>().error).toMatchObject({ code: 'TooManyRedeliveries', details: { max: MAX_PENDING_REDELIVERIES } });
    expect((await redeliver(first)).json<ErrorBody>().error.code).toBe('RedeliveryPending');
    await stopAll(tenant);
  });
});
