// The alert engine's seam into webhooks: an alert that opens queues alert.opened (and plant.offline
// for a silent gateway) in the engine's own transaction; one that clears queues alert.cleared. Only
// webhooks whose creator sees the plant now hear of it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createAlertEngine } from '../notifications/alert-engine';
import { createNotificationsDb, insertPlant, insertTenant, reportShadow } from '../notifications/test-fixtures';
import { addUser, type TestUser } from '../iam/test-fixtures';
import { grantPlantAccess } from '../plants/access';
import { databaseTargets } from '../testing/databases';
import { alertWebhooks } from './alert-webhooks';
import { createWebhook } from './webhook-store';
import { processBus } from '../cluster/start-bus';

const MIN = 60_000;
const NIGHT = Date.parse('2025-06-11T21:00:00Z');

describe.each(databaseTargets())('alert webhooks on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await createNotificationsDb(target);
  });
  afterAll(() => target.destroy());

  const hookOf = (tenantId: string, creator: TestUser | null, events: Parameters<typeof createWebhook>[1]['events']) =>
    createWebhook(db, { tenantId, url: `https://example.com/${Math.random()}`, events, description: '', creator });

  /** Runs the alert engine through a gateway falling silent at night and reporting again. */
  async function silentThenBack(thingName: string): Promise<void> {
    const engine = createAlertEngine({
      db,
      bus: processBus(db),
      log: { info: jest.fn(), warn: jest.fn(), error: jest.fn() },
      consoleUrl: 'https://ems.test',
      startedAt: 0,
      onAlert: alertWebhooks,
    });
    await reportShadow(db, thingName, { ActPwrPve: 0, BatSoc: 60 }, NIGHT);
    await engine.tick(NIGHT + 5 * MIN + 1000);
    await reportShadow(db, thingName, { ActPwrPve: 0, BatSoc: 60 }, NIGHT + 30 * MIN);
    await engine.tick(NIGHT + 30 * MIN);
  }

  it('queues alert.opened and plant.offline when a gateway falls silent, and alert.cleared when it reports again', async () => {
    const tenant = await insertTenant(db);
    const plant = await insertPlant(db, tenant);
    const admin = await addUser(db, tenant, { role: 'admin' });
    const everything = await hookOf(tenant, admin, ['alert.opened', 'alert.cleared', 'plant.offline']);
    const offlineOnly = await hookOf(tenant, admin, ['plant.offline']);
    await silentThenBack(plant.thingName);
    const queued = await db
      .selectFrom('webhook_deliveries')
      .select(['webhook_id', 'event', 'payload'])
      .where('tenant_id', '=', tenant)
      .orderBy('created_at')
      .execute();
    const eventsOf = (id: string) =>
      queued
        .filter((d) => d.webhook_id === id)
        .map((d) => d.event)
        .sort();
    expect(eventsOf(everything.id)).toEqual(['alert.cleared', 'alert.opened', 'plant.offline']);
    expect(eventsOf(offlineOnly.id)).toEqual(['plant.offline']);
    const opened = queued.find((d) => d.event === 'alert.opened');
    expect(JSON.parse(opened?.payload ?? '{}')).toMatchObject({
      type: 'alert.opened',
      data: {
        alert: {
          plantId: plant.id,
          kind: 'gatewayOffline',
          severity: 'critical',
          startedAt: new Date(NIGHT + 5 * MIN + 1000).toISOString(),
        },
      },
    });
  });

  it('tells a webhook only of plants its creator sees now: not an unseen plant, nor anything once they are disabled', async () => {
    const tenant = await insertTenant(db);
    const plant = await insertPlant(db, tenant);
    const events = ['alert.opened', 'alert.cleared', 'plant.offline'] as const;
    const seeing = await addUser(db, tenant, { role: 'operator' });
    await grantPlantAccess(db, { plantId: plant.id, userId: seeing.id, role: 'viewer' });
    const blind = await addUser(db, tenant, { role: 'operator' });
    const disabled = await addUser(db, tenant, { role: 'admin', status: 'disabled' });
    const hooks = {
      seeing: await hookOf(tenant, seeing, [...events]),
      blind: await hookOf(tenant, blind, [...events]),
      disabled: await hookOf(tenant, disabled, [...events]),
      nobody: await hookOf(tenant, null, [...events]),
    };
    await silentThenBack(plant.thingName);
    const queued = await db.selectFrom('webhook_deliveries').select(['webhook_id', 'plant_id']).where('tenant_id', '=', tenant).execute();
    const count = (id: string) => queued.filter((d) => d.webhook_id === id).length;
    expect(Object.fromEntries(Object.entries(hooks).map(([name, hook]) => [name, count(hook.id)]))).toEqual({
      seeing: 3,
      blind: 0,
      disabled: 0,
      nobody: 0,
    });
    expect(new Set(queued.map((d) => d.plant_id))).toEqual(new Set([plant.id]));
  });
});
