// API keys: made once, shown once, stored as a hash, revoked at once. A key reads
// `helio_<id>.<secret>`: the id finds the row by primary key, the secret proves the caller holds it.
//
// The secret is 256 random bits, so the stored hash is a fast keyed one (HMAC-SHA256 with the
// server's optional API_KEY_PEPPER): guessing a 256-bit secret is hopeless whatever the hash costs, so
// a slow password hash (scrypt) would only add its cost to every API request. The pepper means a copy
// of the table alone cannot even test guesses.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { API_KEY_PREFIX, type ApiKeyScope, type ApiKeyView } from '@helio/contracts';
import type { Database } from '../db/schema';
import type { ApiKeyTable } from './tables';

export type ApiKeyRow = Selectable<ApiKeyTable>;

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}([0-9a-f-]{36})\\.([A-Za-z0-9_-]{43})$`);

export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

export function parseApiKey(token: string): { id: string; secret: string } | undefined {
  const match = KEY_PATTERN.exec(token);
  return match?.[1] && match[2] ? { id: match[1], secret: match[2] } : undefined;
}

export function hashSecret(secret: string, pepper: string): string {
  return createHmac('sha256', `helio-api-key:${pepper}`).update(secret).digest('hex');
}

export function secretMatches(secret: string, storedHash: string, pepper: string): boolean {
  const given = Buffer.from(hashSecret(secret, pepper), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export interface NewApiKey {
  tenantId: string;
  name: string;
  scope: ApiKeyScope;
  plantIds: readonly string[] | null;
  expiresAt: string | null;
  modules: readonly string[];
  /** The user making it: the key never reaches more than they do (key-auth.ts). */
  creator: KeyCreator | null;
}

/** Who made a key or a webhook: their user id, and their e-mail as the lists show it. */
export interface KeyCreator {
  id: string;
  email: string;
}

/** Stores a new key and answers its row and the full key (the only time it exists in clear). */
export async function createApiKey(
  db: Kysely<Database>,
  key: NewApiKey,
  pepper: string,
  now = new Date(),
): Promise<{ row: ApiKeyListed; token: string }> {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const token = `${API_KEY_PREFIX}${id}.${secret}`;
  const row: ApiKeyRow = {
    id,
    tenant_id: key.tenantId,
    name: key.name.trim(),
    scope: key.scope,
    plant_ids: key.plantIds === null ? null : JSON.stringify(key.plantIds),
    secret_hash: hashSecret(secret, pepper),
    hint: `${token.slice(0, API_KEY_PREFIX.length + 8)}…`,
    modules: JSON.stringify(key.modules),
    created_at: now.toISOString(),
    created_by: key.creator?.email ?? null,
    created_by_user_id: key.creator?.id ?? null,
    expires_at: key.expiresAt === null ? null : new Date(key.expiresAt).toISOString(),
    last_used_at: null,
    revoked_at: null,
    rate_tat: 0,
  };
  await db.insertInto('api_keys').values(row).execute();
  return { row: { ...row, creator_active: key.creator !== null }, token };
}

export const plantIdsOf = (row: Pick<ApiKeyRow, 'plant_ids'>): string[] | null =>
  row.plant_ids === null ? null : (JSON.parse(row.plant_ids) as string[]);

/** A key's row with whether its creator is still an active user of its tenant (else it works for nobody). */
export type ApiKeyListed = ApiKeyRow & { creator_active: boolean };

export function keyView(row: ApiKeyListed): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    plantIds: plantIdsOf(row),
    hint: row.hint,
    createdAt: row.created_at,
    createdBy: row.created_by,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    suspended: !row.creator_active,
  };
}

function listedKeys(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('api_keys')
    .leftJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'api_keys.created_by_user_id')
        .onRef('users.tenant_id', '=', 'api_keys.tenant_id')
        .on('users.status', '=', 'active')
        .on('users.placeholder', '=', 0),
    )
    .selectAll('api_keys')
    .select('users.id as creator_id')
    .where('api_keys.tenant_id', '=', tenantId);
}

const listed = ({ creator_id, ...row }: ApiKeyRow & { creator_id: string | null }): ApiKeyListed => ({
  ...row,
  creator_active: creator_id !== null,
});

export async function listApiKeys(db: Kysely<Database>, tenantId: string): Promise<ApiKeyListed[]> {
  return (await listedKeys(db, tenantId).orderBy('api_keys.created_at', 'desc').limit(500).execute()).map(listed);
}

export async function findApiKey(db: Kysely<Database>, tenantId: string, id: string): Promise<ApiKeyListed | undefined> {
  const row = await listedKeys(db, tenantId).where('api_keys.id', '=', id).executeTakeFirst();
  return row && listed(row);
}

/** Revokes the key (once: a second revoke keeps the first time). */
export async function revokeApiKey(db: Kysely<Database>, tenantId: string, id: string, now = new Date()): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}
