// Tenant-scoped plant lookups. A plant of another tenant is simply not found: callers answer 404,
// never 403, so plant ids and thing names of other tenants cannot be probed.
import type { Kysely, Selectable } from 'kysely';
import type { Database, PlantTable } from '../db/schema';

export type PlantRow = Selectable<PlantTable>;

/**
 * How long a plant row read here is used again (per database, tenant, and thing name or id). Plant
 * writes through this process forget the rows at once (forgetPlants); a change made by another server
 * instance (settings, deletion) shows here within this time.
 */
export const PLANT_CACHE_MS = 2000;
const MAX_CACHED_PLANTS = 10_000;

const cachesByDb = new WeakMap<Kysely<Database>, Map<string, { plant: PlantRow; until: number }>>();

/** Forgets the plant rows kept for this database: call it (with the root database) after writing plants. */
export function forgetPlants(db: Kysely<Database>): void {
  cachesByDb.get(db)?.clear();
}

/** A tenant's plant by a key, from the rows kept for a moment; outside transactions only, never a miss. */
async function kept(db: Kysely<Database>, key: string, read: () => Promise<PlantRow | undefined>): Promise<PlantRow | undefined> {
  if (db.isTransaction) return read();
  let cache = cachesByDb.get(db);
  if (!cache) cachesByDb.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.plant;
  const plant = await read();
  if (!plant) {
    cache.delete(key);
    return undefined;
  }
  if (cache.size >= MAX_CACHED_PLANTS) cache.clear();
  cache.set(key, { plant, until: now + PLANT_CACHE_MS });
  return plant;
}

// The key holds the tenant: a plant is only ever found within its tenant, whoever asks. A per-user
// check (plants granted to a user) belongs after this lookup, not in what is kept here.
export function findTenantPlantByThingName(
  db: Kysely<Database>,
  tenantId: string,
  thingName: string,
): Promise<PlantRow | undefined> {
  return kept(db, `${tenantId}\u0000thing\u0000${thingName}`, () =>
    db.selectFrom('plants').selectAll().where('tenant_id', '=', tenantId).where('thing_name', '=', thingName).executeTakeFirst(),
  );
}

export function findTenantPlant(db: Kysely<Database>, tenantId: string, plantId: string): Promise<PlantRow | undefined> {
  return kept(db, `${tenantId}\u0000id\u0000${plantId}`, () =>
    db.selectFrom('plants').selectAll().where('tenant_id', '=', tenantId).where('id', '=', plantId).executeTakeFirst(),
  );
}

export function listTenantPlants(db: Kysely<Database>, tenantId: string): Promise<PlantRow[]> {
  return db.selectFrom('plants').selectAll().where('tenant_id', '=', tenantId).execute();
}
