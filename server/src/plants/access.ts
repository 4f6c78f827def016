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
import { isOneOf } from '../db/dialect';
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

/**
 * The ids of the plants a caller who does not see every plant may see, as a subquery. An API key's
 * list goes in as one parameter (isOneOf): a key naming no plant sees none, where `in ()` would not parse.
 */
export function accessiblePlantIds(db: Kysely<Database>, caller: Pick<PlantCaller, 'sub' | 'roleId' | 'apiKey'>) {
  const named = caller.apiKey?.plantIds;
  if (named && rolesOnEveryPlant(caller))
    return db
      .selectFrom('plants')
      .select('plants.id')
      .where(isOneOf(db, 'plants.id', named));
  const query = db
    .selectFrom('plant_access')
    .select('plant_access.plant_id as id')
    .where('plant_access.user_id', '=', accessHolder(caller));
  return named ? query.where(isOneOf(db, 'plant_access.plant_id', named)) : query;
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
  if (caller.apiKey?.plantIds) query = query.where(isOneOf(db, 'plants.id', caller.apiKey.plantIds));
  if (!rolesOnEveryPlant(caller)) query = query.where('plant_access.role', 'is not', null);
  return query;
}

function withRole<T extends { access_role: PlantRole | null }>(caller: PlantCaller, row: T): T & { access_role: PlantRole } {
  return { ...row, access_role: roleOf(caller, row.access_role) ?? 'viewer' };
}

/**
 * A plant the caller may see, in one statement: the tenant's row joined with the caller's access.
 * Inside a transaction it reads the transaction.
 */
export async function findTenantPlant(db: Kysely<Database>, caller: PlantCaller, plantId: string): Promise<AccessiblePlant | undefined> {
  if (caller.apiKey?.plantIds && !caller.apiKey.plantIds.includes(plantId)) return undefined; // not the key's: no query
  return visiblePlantBy(db, caller, 'id', plantId);
}

export async function findTenantPlantByThingName(
  db: Kysely<Database>,
  caller: PlantCaller,
  thingName: string,
): Promise<AccessiblePlant | undefined> {
  return visiblePlantBy(db, caller, 'thing_name', thingName);
}

/** What a plant is found by: its id or its thing name (both unique). */
type PlantKey = 'id' | 'thing_name';

async function visiblePlantBy(db: Kysely<Database>, caller: PlantCaller, key: PlantKey, value: string) {
  const row = await visiblePlants(db, caller).where(`plants.${key}`, '=', value).executeTakeFirst();
  return row && withRole(caller, row);
}

/**
 * How long PlantLookup uses a plant row again. Plant writes through this server forget the rows at
 * once (PlantLookup.forget); a change made by another replica (settings) shows here within this time.
 */
export const PLANT_CACHE_MS = 2000;
/** Plant rows a PlantLookup keeps at most (a plant row is about 1 kB): past it, it starts over. */
export const MAX_CACHED_PLANTS = 10_000;

/**
 * Plant lookups for the calls a console makes many times a second (shadow reads, live streams,
 * desired writes, history): the tenant's plant row is kept for PLANT_CACHE_MS, per tenant and thing
 * name or id; who may see it (plant_access) is read on every call, as one prepared statement, so a
 * removal takes effect at once on every replica (one caller's calls at once share the read on its way:
 * at most one round trip old). One per server (buildApp makes it); a miss is never kept.
 */
export class PlantLookup {
  private readonly rows = new Map<string, { plant: PlantRow; until: number }>();
  private readonly access: ReusedQuery<{ role: PlantRole }>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxPlants = MAX_CACHED_PLANTS,
  ) {
    this.access = new ReusedQuery(db, (q, slot) => accessQuery(q, slot(0), slot(1)));
  }

  find(caller: PlantCaller, plantId: string): Promise<AccessiblePlant | undefined> {
    return this.findBy(caller, 'id', plantId);
  }

  findByThingName(caller: PlantCaller, thingName: string): Promise<AccessiblePlant | undefined> {
    return this.findBy(caller, 'thing_name', thingName);
  }

  /** Forgets the kept rows: call it after writing plants. */
  forget(): void {
    this.rows.clear();
  }

  /** How many plant rows are kept now. */
  size(): number {
    return this.rows.size;
  }

  private async findBy(caller: PlantCaller, key: PlantKey, value: string): Promise<AccessiblePlant | undefined> {
    return this.asSeenBy(caller, await this.kept(caller.tenantId, key, value));
  }

  /** The tenant's plant row, from the rows kept for a moment; a miss is never kept. */
  private async kept(tenantId: string, key: PlantKey, value: string): Promise<PlantRow | undefined> {
    const cacheKey = `${tenantId}\u0000${key}\u0000${value}`;
    const now = Date.now();
    const hit = this.rows.get(cacheKey);
    if (hit && hit.until > now) return hit.plant;
    const plant = await this.db
      .selectFrom('plants')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where(key, '=', value)
      .executeTakeFirst();
    if (!plant) {
      this.rows.delete(cacheKey);
      return undefined;
    }
    if (this.rows.size >= this.maxPlants) this.rows.clear();
    this.rows.set(cacheKey, { plant, until: now + PLANT_CACHE_MS });
    return plant;
  }

  /** The kept plant row as the caller sees it: administrators as owners, everyone else by their plant_access row, read now. */
  private async asSeenBy(caller: PlantCaller, plant: PlantRow | undefined): Promise<AccessiblePlant | undefined> {
    if (!plant) return undefined;
    if (caller.apiKey?.plantIds && !caller.apiKey.plantIds.includes(plant.id)) return undefined;
    if (rolesOnEveryPlant(caller)) return { ...plant, access_role: roleOf(caller, undefined) ?? 'owner' };
    const access = await this.access.firstShared(plant.id, accessHolder(caller));
    const role = roleOf(caller, access?.role);
    return role && { ...plant, access_role: role };
  }
}

const accessQuery = (db: Kysely<Database>, plantId: string, userId: string) =>
  db.selectFrom('plant_access').select('role').where('plant_id', '=', plantId).where('user_id', '=', userId);

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
