// The signed-in user's own data: the profile (interface locale and preferences) and the user info
// (identity, tenant, modules, role). The console merges both into its current user.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Locale } from '../db/schema';
import { parseModules, requireUser } from '../http/auth';
import { errorResponseSchema, unauthorized } from '../http/errors';

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
  role: string;
}

const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;
const errors = { '4xx': errorResponseSchema, '5xx': errorResponseSchema };

const profileResponse = {
  type: 'object',
  required: ['locale', 'preferences'],
  properties: {
    locale: { type: 'string', enum: ['cs', 'en'] },
    preferences: { type: 'object', additionalProperties: true },
  },
} as const;

const infoResponse = {
  type: 'object',
  required: ['sub', 'email', 'name', 'family_name', 'picture', 'tenant', 'modules', 'role'],
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
  },
} as const;

function parsePreferences(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function registerUserRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  app.post(
    '/api/users/profile',
    { preHandler: requireUser, schema: { body: emptyBody, response: { 200: profileResponse, ...errors } } },
    async (request): Promise<UserProfile> => {
      const row = await db
        .selectFrom('users')
        .select(['locale', 'preferences'])
        .where('id', '=', request.user.sub)
        .executeTakeFirst();
      if (!row) throw unauthorized('Unknown user');
      return { locale: row.locale, preferences: parsePreferences(row.preferences) };
    },
  );

  app.post(
    '/api/users/info',
    { preHandler: requireUser, schema: { body: emptyBody, response: { 200: infoResponse, ...errors } } },
    async (request): Promise<UserInfo> => {
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
          'users.role',
          'tenants.id as tenant_id',
          'tenants.name as tenant_name',
        ])
        .where('users.id', '=', request.user.sub)
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
        role: row.role,
      };
    },
  );
}
