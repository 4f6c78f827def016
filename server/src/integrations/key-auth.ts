// Turns an API key into the caller of a request: a principal of the key's tenant that holds only the
// permissions of its scope (read, or read and control) and reaches only its plants. It never holds
// IAM, audit, integrations or plant-writing permissions, and it is no tenant administrator.
import type { Kysely } from 'kysely';
import { MODULE_KEYS, type ApiKeyScope } from '@helio/contracts';
import type { Database } from '../db/schema';
import type { KeyAuthenticator } from '../http/auth';
import { tooManyRequests, unauthorized } from '../http/errors';
import type { Permission } from '../iam/permissions';
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

export function createKeyAuthenticator(
  db: Kysely<Database>,
  opts: { pepper: string; ratePerMinute: number; now?: () => number },
): KeyAuthenticator {
  const now = opts.now ?? Date.now;
  const lastWritten = new Map<string, number>();
  return {
    async authenticate(token) {
      const parsed = parseApiKey(token);
      if (!parsed) throw unauthorized('Invalid API key');
      // Read on every request (one primary-key lookup), so a revoked key stops at once on every replica.
      const row = await db.selectFrom('api_keys').selectAll().where('id', '=', parsed.id).executeTakeFirst();
      if (!row || !secretMatches(parsed.secret, row.secret_hash, opts.pepper)) throw unauthorized('Invalid API key');
      if (row.revoked_at !== null) throw unauthorized('API key revoked');
      const at = now();
      if (row.expires_at !== null && Date.parse(row.expires_at) <= at) throw unauthorized('API key expired');
      const wait = await takeKeyRequest(db, row.id, opts.ratePerMinute, at);
      if (wait > 0) throw tooManyRequests(`Too many requests with this API key; try again in ${wait} s`, wait);
      if ((lastWritten.get(row.id) ?? 0) + LAST_USE_EVERY_MS <= at) {
        if (lastWritten.size >= 10_000) lastWritten.clear();
        lastWritten.set(row.id, at);
        await db
          .updateTable('api_keys')
          .set({ last_used_at: new Date(at).toISOString() })
          .where('id', '=', row.id)
          .execute();
      }
      const modules = (JSON.parse(row.modules) as string[]).filter((m) => (MODULE_KEYS as readonly string[]).includes(m));
      return {
        sub: `api-key:${row.id}`,
        email: `api-key:${row.name}`,
        tenantId: row.tenant_id,
        role: 'viewer',
        roleId: API_KEY_ROLE,
        modules,
        permissions: [...KEY_PERMISSIONS[row.scope]],
        apiKey: { id: row.id, plantIds: plantIdsOf(row), plantRole: row.scope === 'control' ? 'operator' : 'viewer' },
      };
    },
  };
}
