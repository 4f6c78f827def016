// The current user as the console holds it (users/me): the profile (locale, preferences) and the
// user info (identity, tenant, modules, role, permissions), their schemas and how they are read.
import type { Kysely } from 'kysely';
import type { Database, Locale } from '../db/schema';
import { parseModules } from '../http/auth';
import { unauthorized } from '../http/errors';

export interface UserProfile {
  locale: Locale;
  preferences: Record<string, unknown>;
}

export interface UserInfo {
  sub: string;
  email: string;
  name: string;
  family_name: string;
  picture: string | null;
  tenant: { id: string; name: string };
  modules: string[];
  /** The effective role: a built-in role key or the id of a custom role. */
  role: string;
  /** What the role allows (iam/permissions.ts). */
  permissions: string[];
}

export const profileResponse = {
  type: 'object',
  required: ['locale', 'preferences'],
  properties: {
    locale: { type: 'string', enum: ['cs', 'en'] },
    preferences: { type: 'object', additionalProperties: true },
  },
} as const;

export const infoResponse = {
  type: 'object',
  required: ['sub', 'email', 'name', 'family_name', 'picture', 'tenant', 'modules', 'role', 'permissions'],
  properties: {
    sub: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    family_name: { type: 'string' },
    picture: { type: ['string', 'null'] },
    tenant: {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    },
    modules: { type: 'array', items: { type: 'string' } },
    role: { type: 'string' },
    permissions: { type: 'array', items: { type: 'string' } },
  },
} as const;

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
