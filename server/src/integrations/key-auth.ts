// Turns an API key into the caller of a request: a principal of the key's tenant that holds only the
// permissions of its scope (read, or read and control) and reaches only its plants. It never holds
// IAM, audit, integrations or plant-writing permissions, and it is no tenant administrator.
//
// A key never outranks the user who made it: its creator is read with it on every request, and the
// key holds only what its scope and the creator's permissions, modules and plants (plants/access.ts)
// have in common now. A key whose creator is disabled, deleted or gone from the tenant stops at once.
import { BoundedMap } from '../cache/bounded-map';
import type { Kysely } from 'kysely';
import { MODULE_KEYS, type ApiKeyScope } from '@helio/contracts';
import type { Database } from '../db/schema';
import { parseModules, type AuthUser, type KeyAuthenticator } from '../http/auth';
import { tooManyRequests, unauthorized } from '../http/errors';
import type { Permission } from '../iam/permissions';
import { effectivePermissions } from '../iam/roles';
import { seesEveryPlant } from '../plants/access';
import { parseApiKey, plantIdsOf, secretMatches } from './api-keys';
import { takeKeyRequest } from './rate-limit';

export const KEY_PERMISSIONS: Record<ApiKeyScope, readonly Permission[]> = {
  read: ['plants:read', 'devices:read', 'metrics:read', 'notifications:read'],
  control: ['plants:read', 'devices:read', 'metrics:read', 'notifications:read', 'devices:control'],
};

/** The role id of every key principal: not a built-in role, so it never sees every plant by role. */
export const API_KEY_ROLE = 'api-key';
/** Last use is written at most this often per key, not on every request. */
const LAST_USE_EVERY_MS = 60_000;
const KEPT_LAST_USES = 10_000;

export function createKeyAuthenticator(
  db: Kysely<Database>,
  opts: { pepper: string; ratePerMinute: number; now?: () => number; keepLastUse?: number },
): KeyAuthenticator {
  const now = opts.now ?? Date.now;
  // When each key's last use was written, for KEPT_LAST_USES keys (a test sets a few): the least
  // recently used goes, and its next use is written again.
  const lastWritten = new BoundedMap<string, number>(opts.keepLastUse ?? KEPT_LAST_USES);
  return {
    async authenticate(token) {
      const parsed = parseApiKey(token);
      if (!parsed) throw unauthorized('Invalid API key');
      // Read on every request (one primary-key lookup with its creator), so a revoked key, or one whose
      // creator lost access, stops at once on every replica.
      const row = await keyWithCreator(db, parsed.id);
      if (!row || !secretMatches(parsed.secret, row.secret_hash, opts.pepper)) throw unauthorized('Invalid API key');
      if (row.revoked_at !== null) throw unauthorized('API key revoked');
      const at = now();
      if (row.expires_at !== null && Date.parse(row.expires_at) <= at) throw unauthorized('API key expired');
      const caller = keyCallerOf(row);
      if (!caller) throw unauthorized('The user who made this API key is no longer active');
      const wait = await takeKeyRequest(db, row.id, opts.ratePerMinute, at);
      if (wait > 0) throw tooManyRequests(`Too many requests with this API key; try again in ${wait} s`, wait);
      if ((lastWritten.get(row.id) ?? 0) + LAST_USE_EVERY_MS <= at) {
        lastWritten.set(row.id, at);
        await db
          .updateTable('api_keys')
          .set({ last_used_at: new Date(at).toISOString() })
          .where('id', '=', row.id)
          .execute();
      }
      return caller;
    },
  };
}

/** The key as a caller now: what its scope and its creator share; undefined once its creator is not active. */
function keyCallerOf(row: KeyWithCreator): AuthUser | undefined {
  const creator = activeCreatorOf(row);
  if (!creator) return undefined;
  const modules = parseModules(row.modules).filter((m) => (MODULE_KEYS as readonly string[]).includes(m) && creator.modules.includes(m));
  return {
    sub: `api-key:${row.id}`,
    email: `api-key:${row.name}`,
    tenantId: row.tenant_id,
    role: 'viewer',
    roleId: API_KEY_ROLE,
    modules,
    permissions: KEY_PERMISSIONS[row.scope].filter((p) => creator.permissions.includes(p)),
    apiKey: {
      id: row.id,
      plantIds: plantIdsOf(row),
      plantRole: row.scope === 'control' ? 'operator' : 'viewer',
      creatorId: creator.id,
      creatorSeesEveryPlant: seesEveryPlant({ roleId: creator.roleId }),
      expiresAt: row.expires_at === null ? null : Date.parse(row.expires_at),
    },
  };
}

/**
 * The key as a caller now, for what outlives a request (an open live stream asking again): undefined
 * when it is revoked, expired or its creator is no longer active. No secret, budget or last use: the
 * request that opened the stream passed those.
 */
export async function currentKeyCaller(db: Kysely<Database>, keyId: string, now = Date.now()): Promise<AuthUser | undefined> {
  const row = await keyWithCreator(db, keyId);
  if (!row || row.revoked_at !== null || (row.expires_at !== null && Date.parse(row.expires_at) <= now)) return undefined;
  return keyCallerOf(row);
}

/** The key's row with its creator's account and custom role (left joins: a gone creator reads as nulls). */
function keyWithCreator(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.created_by_user_id')
    .leftJoin('roles', 'roles.id', 'users.custom_role_id')
    .selectAll('api_keys')
    .select(['users.id as creator_id', 'users.tenant_id as creator_tenant_id', 'users.status as creator_status'])
    .select(['users.placeholder as creator_placeholder', 'users.role as creator_role', 'users.modules as creator_modules'])
    .select(['users.custom_role_id as creator_custom_role_id', 'roles.permissions as creator_permissions'])
    .where('api_keys.id', '=', id)
    .executeTakeFirst();
}

type KeyWithCreator = NonNullable<Awaited<ReturnType<typeof keyWithCreator>>>;

/** The key's creator as they are now, when they are still an active user of the key's tenant. */
function activeCreatorOf(row: KeyWithCreator): { id: string; roleId: string; permissions: Permission[]; modules: string[] } | undefined {
  const { creator_id: id, creator_role: role } = row;
  if (id === null || role === null || row.creator_tenant_id !== row.tenant_id) return undefined;
  if (row.creator_status !== 'active' || Number(row.creator_placeholder) !== 0) return undefined;
  const custom = row.creator_custom_role_id;
  return {
    id,
    roleId: custom ?? role,
    permissions: effectivePermissions(role, custom === null ? null : (row.creator_permissions ?? '[]')),
    modules: parseModules(row.creator_modules ?? '[]'),
  };
}

/** The permissions of a scope the user lacks (none: they may make such a key). */
export const permissionsBeyond = (scope: ApiKeyScope, held: readonly Permission[]): Permission[] =>
  KEY_PERMISSIONS[scope].filter((p) => !held.includes(p));
