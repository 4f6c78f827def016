// The alert engine's seam into webhooks: an alert that opens queues alert.opened (and plant.offline
// for a silent gateway) in the engine's own transaction; one that clears queues alert.cleared.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createAlertEngine } from '../notifications/alert-engine';
import { createNotificationsDb, insertPlant, insertTenant, reportShadow } from '../notifications/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { alertWebhooks } from './alert-webhooks';
import { createWebhook } from './webhook-store';

const MIN = 60_000;
const NIGHT = Date.parse('2025-06-11T21:00:00Z');

describe.each(databaseTargets())('alert webhooks on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await createNotificationsDb(target);
  });
  afterAll(() => target.destroy());

  it('queues alert.opened and plant.offline when a gateway falls silent, and alert.cleared when it reports again', async () => {
    const tenant = await insertTenant(db);
    const plant = await insertPlant(db, tenant);
    const everything = await createWebhook(db, {
      tenantId: tenant,
      url: 'https://example.com/a',
      events: ['alert.opened', 'alert.cleared', 'plant.offline'],
      description: '',
      createdBy: null,
    });
    const offlineOnly = await createWebhook(db, {
      tenantId: tenant,
      url: 'https://example.com/b',
      events: ['plant.offline'],
      description: '',
      createdBy: null,
    });
    const engine = createAlertEngine({
      db,
      log: { info: jest.fn(), warn: jest.fn(), error: jest.fn() },
      consoleUrl: 'https://ems.test',
      startedAt: 0,
      onAlert: alertWebhooks,
    });
    await reportShadow(db, plant.thingName, { ActPwrPve: 0, BatSoc: 60 }, NIGHT);
    await engine.tick(NIGHT + 5 * MIN + 1000);
    await reportShadow(db, plant.thingName, { ActPwrPve: 0, BatSoc: 60 }, NIGHT + 30 * MIN);
    await engine.tick(NIGHT + 30 * MIN);
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
});
