// Fills an empty database with the demo organisations. It only ever runs on a database without
// tenants, in one transaction, so re-running it (or two replicas starting at once) changes nothing.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, PlantRole } from '../db/schema';
import { setNewGatewayPassword } from '../iot/mqtt/gateway-credentials';
import { hashPassword } from '../auth/passwords';
import { insertDemoDevices } from '../device/demo-devices';
import { DEMO_TENANTS } from './demo-data';
import { plantListingColumns } from '../plants/listing-columns';

export interface SeedResult {
  created: boolean;
  /** The demo gateways' MQTT passwords by thing name (only when created), for the simulator's keystore. */
  gatewayPasswords?: Map<string, string>;
}

async function hasTenants(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function seedDemoData(db: Kysely<Database>): Promise<SeedResult> {
  if (await hasTenants(db)) return { created: false };
  const now = new Date().toISOString();
  // Hash outside the transaction: scrypt is slow on purpose and must not hold a write lock.
  const hashes = new Map<string, string>();
  for (const account of DEMO_TENANTS.flatMap((t) => t.accounts)) {
    hashes.set(account.email, await hashPassword(account.password));
  }
  let created: SeedResult;
  try {
    created = await db.transaction().execute(async (trx) => {
      if (await hasTenants(trx)) return { created: false };
      for (const tenant of DEMO_TENANTS) {
        const tenantId = randomUUID();
        await trx.insertInto('tenants').values({ id: tenantId, name: tenant.name, created_at: now }).execute();
        const plants = tenant.plants.map((p) => ({ id: randomUUID(), thingName: p.thingName, plant: p }));
        const plantIds = plants.map(({ id }) => id);
        const userIds = tenant.accounts.map(() => randomUUID());
        await trx
          .insertInto('plants')
          .values(
            plants.map(({ id, plant: p }) => ({
              id,
              tenant_id: tenantId,
              name: p.name,
              thing_name: p.thingName,
              location: p.location,
              ...plantListingColumns(p),
              latitude: p.latitude,
              longitude: p.longitude,
              timezone: p.timezone,
              pv_peak_kw: p.pvPeakKw,
              battery_kwh: p.batteryKwh,
              charger_kw: p.chargerKw,
              created_at: now,
              simulated: 1,
            })),
          )
          .execute();
        await insertDemoDevices(
          trx,
          plants.map(({ id, thingName }) => ({ id, thing_name: thingName })),
        );
        await trx
          .insertInto('users')
          .values(
            tenant.accounts.map((a, i) => ({
              id: userIds[i] ?? randomUUID(),
              tenant_id: tenantId,
              email: a.email,
              name: a.name,
              family_name: a.familyName,
              picture: null,
              password_hash: hashes.get(a.email) ?? '',
              role: a.role,
              modules: JSON.stringify(a.modules),
              locale: a.locale,
              preferences: '{}',
              status: 'active' as const,
              created_at: now,
            })),
          )
          .execute();
        // Owners and admins see every plant; the demo operator and viewer are given each demo plant.
        const access = tenant.accounts.flatMap((a, i) =>
          a.role === 'operator' || a.role === 'viewer'
            ? plantIds.map((plantId) => ({
                plant_id: plantId,
                user_id: userIds[i] ?? '',
                role: a.role as PlantRole,
                created_at: now,
                updated_at: now,
              }))
            : [],
        );
        if (access.length > 0) await trx.insertInto('plant_access').values(access).execute();
      }
      return { created: true };
    });
  } catch (error) {
    // Another replica seeding at the same moment wins on the unique e-mail / thing name; that is fine.
    if (await hasTenants(db)) return { created: false };
    throw error;
  }
  if (!created.created) return created;
  // Every plant has gateway credentials; hashed after the commit, like the accounts' passwords before it.
  const gatewayPasswords = new Map<string, string>();
  for (const plant of await db.selectFrom('plants').select(['id', 'thing_name']).execute()) {
    gatewayPasswords.set(plant.thing_name, (await setNewGatewayPassword(db, plant)).password);
  }
  return { created: true, gatewayPasswords };
}
