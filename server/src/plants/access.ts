// Plant lookups scoped to the caller. A plant is found only in the caller's tenant and only when the
// caller may see it: tenant owners and admins see every plant of the tenant, everyone else the plants
// they were given access to (table plant_access, with a role on the plant). A plant the caller cannot
// see is simply not found: callers answer 404, never 403, so plant ids and thing names cannot be probed.
//
// Plant roles, from least to most (what each adds on the plant; the caller's tenant permissions still
// apply on top, e.g. sending desired state also needs devices:control):
//   viewer   — sees the plant: details, settings, live values, history, alerts, who has access (and,
//              with notifications:manage, its alert thresholds, as the tenant role viewer may)
//   operator — also changes device settings (desired state)
//   owner    — also edits the plant's settings, rotates its gateway login and manages its access
// Tenant owners and admins act as owners of every plant of their tenant.
import type { Kysely, Selectable } from 'kysely';
import type { Database, PlantRole, PlantTable } from '../db/schema';
import type { ClusterBus } from '../cluster/bus';
import { ReusedQuery } from '../db/reused-query';
import { forbidden } from '../http/errors';
import { ADMINISTRATOR_ROLES } from '../iam/permissions';

export type { PlantRole } from '../db/schema';
export type PlantRow = Selectable<PlantTable>;
/** A plant the caller can see, with the caller's role on it. */
export type AccessiblePlant = PlantRow & { access_role: PlantRole };

/** Least to most. */
export { isPlantRole, PLANT_ROLES } from '@helio/contracts';
import { PLANT_ROLES } from '@helio/contracts';

/**
 * What an API key reaches (integrations/key-auth.ts): its plants (null: every plant its creator sees)
 * and the role it holds on each, bounded by its creator as they are now: a plant the creator no longer
 * sees is not the key's either, and on each plant the key holds the lesser of its role and the creator's.
 */
export interface ApiKeyReach {
  id: string;
  plantIds: readonly string[] | null;
  plantRole: PlantRole;
  /** The user who made the key, read with the key on every request. */
  creatorId: string;
  /** The creator is a tenant owner or admin (sees every plant, as owner). */
  creatorSeesEveryPlant: boolean;
  /** When the key stops working (epoch ms), or null: when it is revoked. */
  expiresAt: number | null;
}

/** Who asks (request.user fits): their tenant, user id and effective role (built-in key or custom role id). */
export interface PlantCaller {
  tenantId: string;
  sub: string;
  roleId: string;
  apiKey?: ApiKeyReach;
}

const isAdministrator = (roleId: string): boolean => (ADMINISTRATOR_ROLES as readonly string[]).includes(roleId);

/**
 * Tenant owners and admins see every plant of their tenant, without plant_access rows; so does a key
 * made for all plants by one of them.
 */
export const seesEveryPlant = (caller: Pick<PlantCaller, 'roleId' | 'apiKey'>): boolean =>
  caller.apiKey ? caller.apiKey.plantIds === null && caller.apiKey.creatorSeesEveryPlant : isAdministrator(caller.roleId);

/** Whose plant_access rows bound the caller: their own, or the creator's of an API key. */
const accessHolder = (caller: Pick<PlantCaller, 'sub' | 'apiKey'>): string => caller.apiKey?.creatorId ?? caller.sub;

/** Whether the caller holds a role on every plant whatever plant_access says (a key may still name fewer). */
const rolesOnEveryPlant = (caller: Pick<PlantCaller, 'roleId' | 'apiKey'>): boolean =>
  caller.apiKey ? caller.apiKey.creatorSeesEveryPlant : isAdministrator(caller.roleId);

const lesserRole = (a: PlantRole, b: PlantRole): PlantRole => (hasPlantRole(a, b) ? b : a);

/** The caller's role on a plant, from their plant_access role there (undefined: none, so not seen). */
function roleOf(caller: Pick<PlantCaller, 'roleId' | 'apiKey'>, accessRole: PlantRole | null | undefined): PlantRole | undefined {
  const held = rolesOnEveryPlant(caller) ? 'owner' : (accessRole ?? undefined);
  if (held === undefined || !caller.apiKey) return held;
  return lesserRole(held, caller.apiKey.plantRole);
}

/** The ids of the plants a caller who does not see every plant may see: a subquery, or an API key's list. */
export function accessiblePlantIds(db: Kysely<Database>, caller: Pick<PlantCaller, 'sub' | 'roleId' | 'apiKey'>) {
  const named = caller.apiKey?.plantIds;
  if (named && rolesOnEveryPlant(caller)) return [...named];
  const query = db.selectFrom('plant_access').select('plant_access.plant_id').where('plant_access.user_id', '=', accessHolder(caller));
  return named ? query.where('plant_access.plant_id', 'in', [...named]) : query;
}

function visiblePlants(db: Kysely<Database>, caller: PlantCaller) {
  let query = db
    .selectFrom('plants')
    .leftJoin('plant_access', (join) =>
      join.onRef('plant_access.plant_id', '=', 'plants.id').on('plant_access.user_id', '=', accessHolder(caller)),
    )
    .selectAll('plants')
    .select('plant_access.role as access_role')
    .where('plants.tenant_id', '=', caller.tenantId);
  if (caller.apiKey?.plantIds) query = query.where('plants.id', 'in', [...caller.apiKey.plantIds]);
  if (!rolesOnEveryPlant(caller)) query = query.where('plant_access.role', 'is not', null);
  return query;
}

function withRole<T extends { access_role: PlantRole | null }>(caller: PlantCaller, row: T): T & { access_role: PlantRole } {
  return { ...row, access_role: roleOf(caller, row.access_role) ?? 'viewer' };
}

/**
 * How long a plant row read here is used again (per database, tenant, and thing name or id). Plant
 * writes through this process forget the rows at once (forgetPlants); a change made by another server
 * instance (settings, deletion) shows here within this time. Only the tenant's plant row is kept: who
 * may see it (plant_access) is read on every call, so a removal takes effect at once on every instance
 * (one caller's calls at once share the read on its way: at most one round trip old).
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

/** The kept plant row as the caller sees it: administrators as owners, everyone else by their plant_access row, read now. */
async function asSeenBy(db: Kysely<Database>, caller: PlantCaller, plant: PlantRow | undefined): Promise<AccessiblePlant | undefined> {
  if (!plant) return undefined;
  if (caller.apiKey?.plantIds && !caller.apiKey.plantIds.includes(plant.id)) return undefined;
  if (rolesOnEveryPlant(caller)) return { ...plant, access_role: roleOf(caller, undefined) ?? 'owner' };
  const holder = accessHolder(caller);
  const access = db.isTransaction
    ? await accessQuery(db, plant.id, holder).executeTakeFirst()
    : await accessLookupOf(db).firstShared(plant.id, holder);
  const role = roleOf(caller, access?.role);
  return role && { ...plant, access_role: role };
}

const accessQuery = (db: Kysely<Database>, plantId: string, userId: string) =>
  db.selectFrom('plant_access').select('role').where('plant_id', '=', plantId).where('user_id', '=', userId);

const accessLookups = new WeakMap<Kysely<Database>, ReusedQuery<{ role: PlantRole }>>();

/** The caller's role on a plant, prepared once per database (slots: plant id, user id). */
function accessLookupOf(db: Kysely<Database>): ReusedQuery<{ role: PlantRole }> {
  let lookup = accessLookups.get(db);
  if (!lookup) {
    lookup = new ReusedQuery(db, (q, slot) => accessQuery(q, slot(0), slot(1)));
    accessLookups.set(db, lookup);
  }
  return lookup;
}

export async function findTenantPlantByThingName(
  db: Kysely<Database>,
  caller: PlantCaller,
  thingName: string,
): Promise<AccessiblePlant | undefined> {
  const plant = await kept(db, `${caller.tenantId}\u0000thing\u0000${thingName}`, () =>
    db.selectFrom('plants').selectAll().where('tenant_id', '=', caller.tenantId).where('thing_name', '=', thingName).executeTakeFirst(),
  );
  return asSeenBy(db, caller, plant);
}

export async function findTenantPlant(db: Kysely<Database>, caller: PlantCaller, plantId: string): Promise<AccessiblePlant | undefined> {
  const plant = await kept(db, `${caller.tenantId}\u0000id\u0000${plantId}`, () =>
    db.selectFrom('plants').selectAll().where('tenant_id', '=', caller.tenantId).where('id', '=', plantId).executeTakeFirst(),
  );
  return asSeenBy(db, caller, plant);
}

export async function listTenantPlants(db: Kysely<Database>, caller: PlantCaller): Promise<AccessiblePlant[]> {
  return (await visiblePlants(db, caller).execute()).map((row) => withRole(caller, row));
}

/** Gives a user access to a plant with `role`, or changes their role on it; answers the role they had. */
export async function grantPlantAccess(
  db: Kysely<Database>,
  { plantId, userId, role }: { plantId: string; userId: string; role: PlantRole },
  now = new Date(),
): Promise<PlantRole | undefined> {
  const before = await db
    .selectFrom('plant_access')
    .select('role')
    .where('plant_id', '=', plantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const at = now.toISOString();
  await db
    .insertInto('plant_access')
    .values({ plant_id: plantId, user_id: userId, role, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['plant_id', 'user_id']).doUpdateSet({ role, updated_at: at }))
    .execute();
  return before?.role;
}

export const hasPlantRole = (held: PlantRole, needed: PlantRole): boolean => PLANT_ROLES.indexOf(held) >= PLANT_ROLES.indexOf(needed);

/** 403 when the caller's role on a plant they can see is below `needed`. */
export function requirePlantRole<T extends { access_role: PlantRole }>(plant: T, needed: PlantRole): T {
  if (!hasPlantRole(plant.access_role, needed))
    throw forbidden(`This needs the ${needed} role on the plant; you are its ${plant.access_role}`);
  return plant;
}

/** Called when a user loses a plant, on any replica (the live channel drops their streams of it). */
export function onPlantAccessRevoked(bus: ClusterBus, listener: (userId: string, plantId: string) => void): () => void {
  return bus.subscribe('plant-access-revoked', ({ userId, plantId }) => listener(userId, plantId));
}

/** Call after the removal is committed. */
export function announcePlantAccessRevoked(bus: ClusterBus, userId: string, plantId: string): void {
  bus.publish('plant-access-revoked', { userId, plantId });
}
