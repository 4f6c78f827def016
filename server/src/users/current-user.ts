// The current user as the console holds it (users/me): the profile (locale, preferences) and the
// user info (identity, tenant, modules, role, permissions) and how they are read.
import type { Kysely } from 'kysely';
import type { UserInfo, UserProfile } from '@helio/contracts';
import type { Database } from '../db/schema';
import { parseModules } from '../http/auth';
import { unauthorized } from '../http/errors';

export type { UserInfo, UserProfile };

export function parsePreferences(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function readUserInfo(db: Kysely<Database>, userId: string, roleId: string, permissions: string[]): Promise<UserInfo> {
  const row = await db
    .selectFrom('users')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select([
      'users.id',
      'users.email',
      'users.name',
      'users.family_name',
      'users.picture',
      'users.modules',
      'tenants.id as tenant_id',
      'tenants.name as tenant_name',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) throw unauthorized('Unknown user');
  return {
    sub: row.id,
    email: row.email,
    name: row.name,
    family_name: row.family_name,
    picture: row.picture,
    tenant: { id: row.tenant_id, name: row.tenant_name },
    modules: parseModules(row.modules),
    role: roleId,
    permissions,
  };
}
