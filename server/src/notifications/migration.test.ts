import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import { closeAlert, openAlert, openAlerts } from './alert-store';
import { notificationsMigration } from './migrations/004-notifications';
import { notificationsDb } from './notifications-db';
import { createNotificationsDb, insertPlant, insertTenant } from './test-fixtures';

describe.each(databaseTargets())('the notifications migration on $name', (target) => {
  let db: Kysely<Database>;

  beforeAll(async () => {
    db = await createNotificationsDb(target);
  });
  afterAll(() => target.destroy());

  const alert = (tenantId: string, plantId: string, startedAt: Date) =>
    ({ tenantId, plantId, kind: 'gatewayOffline', severity: 'critical', startedAt, details: {} }) as const;

  it('lets only one alert of a plant and kind be open at a time, and a new one once it is closed', async () => {
    const tenant = await insertTenant(db);
    const plant = await insertPlant(db, tenant);
    const ndb = notificationsDb(db);
    const first = await openAlert(ndb, alert(tenant, plant.id, new Date(1_000)));
    expect(first).not.toBeNull();
    expect(await openAlert(ndb, alert(tenant, plant.id, new Date(2_000)))).toBeNull();
    expect(await openAlert(ndb, { ...alert(tenant, plant.id, new Date(2_000)), kind: 'gridOutage' })).not.toBeNull();
    await closeAlert(ndb, first as string, new Date(3_000));
    const second = await openAlert(ndb, alert(tenant, plant.id, new Date(4_000)));
    expect(second).not.toBeNull();
    expect(
      (await openAlerts(ndb))
        .filter((a) => a.plantId === plant.id)
        .map((a) => a.kind)
        .sort(),
    ).toEqual(['gatewayOffline', 'gridOutage']);
  });

  it('enforces the one open alert in the database itself, not only in the code', async () => {
    const tenant = await insertTenant(db);
    const plant = await insertPlant(db, tenant);
    const row = (id: string) => ({
      id,
      tenant_id: tenant,
      plant_id: plant.id,
      kind: 'pvLow',
      severity: 'warning',
      started_at: new Date().toISOString(),
      ended_at: null,
      details: '{}',
    });
    await notificationsDb(db)
      .insertInto('alerts')
      .values(row(`a-${plant.id}`))
      .execute();
    // better-sqlite3's errors are not Error instances in jest's realm: compare the message instead.
    const second = await notificationsDb(db)
      .insertInto('alerts')
      .values(row(`b-${plant.id}`))
      .execute()
      .then(
        () => 'inserted',
        (error: unknown) => String((error as { message?: unknown }).message),
      );
    expect(second).toMatch(/UNIQUE constraint failed|duplicate key value violates unique constraint/);
  });

  it('goes down and up again cleanly', async () => {
    const fresh = await target.createEmpty();
    const { coreMigration } = await import('../db/migrations/001-core');
    await coreMigration.up(fresh as Kysely<unknown>);
    await notificationsMigration.up(fresh as Kysely<unknown>);
    await notificationsMigration.down(fresh as Kysely<unknown>);
    await notificationsMigration.up(fresh as Kysely<unknown>);
    expect(await notificationsDb(fresh).selectFrom('alerts').selectAll().execute()).toEqual([]);
  });
});
