// Databases, apps, plants and shadows for the notification suites. They work before and after the
// lead wires this module in (migration list, buildApp): whatever is not wired yet is added here.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { migrationsByName } from '../db/migrations';
import type { Database } from '../db/schema';
import { createIdentityApp } from '../iam/test-fixtures';
import type { TestDatabase } from '../testing/databases';
import { notificationsMigration } from './migrations/004-notifications';
import { plantListingColumns } from '../plants/listing-columns';
import { writeGatewayReports } from '../iot/shadows/gateway-reports';

export async function createNotificationsDb(target: TestDatabase): Promise<Kysely<Database>> {
  const db = await target.create();
  if (!Object.values(migrationsByName()).includes(notificationsMigration)) await notificationsMigration.up(db as Kysely<unknown>);
  return db;
}

/** The real app (error shape, authentication, access control) with the notification routes. */
export function createNotificationsApp(db: Kysely<Database>): Promise<FastifyInstance> {
  return createIdentityApp(db);
}

export async function insertTenant(db: Kysely<Database>, name = `Tenant ${randomUUID().slice(0, 6)}`): Promise<string> {
  const id = randomUUID();
  await db.insertInto('tenants').values({ id, name, created_at: new Date().toISOString() }).execute();
  return id;
}

export interface TestPlant {
  id: string;
  thingName: string;
  tenantId: string;
}

export async function insertPlant(
  db: Kysely<Database>,
  tenantId: string,
  patch: { name?: string; createdAt?: Date; timezone?: string; pvPeakKw?: number; simulated?: boolean } = {},
): Promise<TestPlant> {
  const id = randomUUID();
  const thingName = `gw-${id.slice(0, 8)}`;
  const name = patch.name ?? `Plant ${thingName}`;
  await db
    .insertInto('plants')
    .values({
      id,
      tenant_id: tenantId,
      name,
      thing_name: thingName,
      location: 'Brno',
      ...plantListingColumns({ name, location: 'Brno' }),
      latitude: 49.2,
      longitude: 16.6,
      timezone: patch.timezone ?? 'Europe/Prague',
      pv_peak_kw: patch.pvPeakKw ?? 10,
      battery_kwh: 10,
      charger_kw: null,
      created_at: (patch.createdAt ?? new Date(0)).toISOString(),
      simulated: patch.simulated ? 1 : 0,
    })
    .execute();
  return { id, thingName, tenantId };
}

/** Writes a shadow as if the gateway reported `reported` at `at` (epoch ms), every key with that timestamp. */
export async function reportShadow(db: Kysely<Database>, thingName: string, reported: Record<string, unknown>, at: number): Promise<void> {
  const metadata = { reported: Object.fromEntries(Object.keys(reported).map((k) => [k, { timestamp: at }])), desired: {} };
  const values = {
    reported: JSON.stringify(reported),
    desired: '{}',
    metadata: JSON.stringify(metadata),
    version: 1,
    updated_at: new Date(at).toISOString(),
  };
  await db
    .insertInto('shadows')
    .values({ thing_name: thingName, ...values })
    .onConflict((oc) => oc.column('thing_name').doUpdateSet(values))
    .execute();
  await db.transaction().execute((trx) => writeGatewayReports(trx, [{ thingName, shadow: { state: { reported }, metadata, version: 1 } }]));
}
