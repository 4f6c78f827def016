// Rows and tokens for the device test suites (tenants, plants, users), written straight to the tables.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Role } from '../db/schema';
import { giveTenantPlants } from '../iam/test-fixtures';
import { createTokenService } from '../auth/tokens';
import type { DeviceLog } from './log';
import { plantListingColumns } from '../plants/listing-columns';

export async function insertTenant(db: Kysely<Database>): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('tenants')
    .values({ id, name: `Tenant ${id.slice(0, 6)}`, created_at: new Date().toISOString() })
    .execute();
  return id;
}

export async function insertPlant(
  db: Kysely<Database>,
  tenantId: string,
  thingName: string,
  figures: { batteryKwh?: number | null; chargerKw?: number | null; simulated?: boolean } = {},
): Promise<void> {
  await db
    .insertInto('plants')
    .values({
      id: randomUUID(),
      tenant_id: tenantId,
      name: `Plant ${thingName}`,
      thing_name: thingName,
      location: 'Brno',
      ...plantListingColumns({ name: `Plant ${thingName}`, location: 'Brno' }),
      latitude: 49.2,
      longitude: 16.6,
      timezone: 'Europe/Prague',
      pv_peak_kw: 9.8,
      battery_kwh: figures.batteryKwh === undefined ? 10 : figures.batteryKwh,
      charger_kw: figures.chargerKw === undefined ? 11 : figures.chargerKw,
      created_at: new Date().toISOString(),
      simulated: figures.simulated ? 1 : 0,
    })
    .execute();
}

/** Renames a plant the way plant/update stores a name: with its listing columns (sort key, search text). */
export async function renamePlant(db: Kysely<Database>, thingName: string, name: string, location = 'Brno'): Promise<void> {
  await db
    .updateTable('plants')
    .set({ name, location, ...plantListingColumns({ name, location }) })
    .where('thing_name', '=', thingName)
    .execute();
}

/** A user of the tenant and an ID token for them, as sign-in would issue it. */
export async function userWithToken(
  db: Kysely<Database>,
  tenantId: string,
  role: Role = 'operator',
  tokenNow?: () => number,
  modules: readonly string[] = ['monitoring'],
): Promise<{ id: string; idToken: string }> {
  const id = randomUUID();
  const email = `${id}@test.local`;
  await db
    .insertInto('users')
    .values({
      id,
      tenant_id: tenantId,
      email,
      name: 'Test',
      family_name: 'User',
      picture: null,
      password_hash: 'not-used',
      role,
      modules: JSON.stringify(modules),
      locale: 'en',
      preferences: '{}',
      status: 'active',
      created_at: new Date().toISOString(),
    })
    .execute();
  // An operator or viewer of the tenant sees the plants it has so far (plants/access.ts).
  if (role === 'operator' || role === 'viewer') await giveTenantPlants(db, id, tenantId, role);
  const tokens = await createTokenService(db, { now: tokenNow });
  const { idToken } = await tokens.issue({ id, email, tenantId });
  return { id, idToken };
}

/** A logger that keeps its lines, so tests can see what was logged and the output stays clean. */
export function recordingLog(): DeviceLog & { lines: string[] } {
  const lines: string[] = [];
  const keep =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push(`${level} ${args.map(String).join(' ')}`);
  return { lines, info: keep('info'), warn: keep('warn'), error: keep('error') };
}
