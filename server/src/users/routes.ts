// The signed-in user's own data: the profile (interface locale and preferences) and the user info
// (identity, tenant, modules, role, permissions). The console merges both into its current user.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { userEndpoints } from '@helio/contracts';
import { contractSchema } from '../http/contract-schema';
import { unauthorized } from '../http/errors';
import { SIGNED_IN } from '../iam/route-access';
import { parsePreferences, readUserInfo, type UserInfo, type UserProfile } from './current-user';
import { registerProfileUpdateRoute } from './profile-update';

export type { UserInfo, UserProfile } from './current-user';

export async function registerUserRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  app.post(
    '/api/users/profile',
    { config: { permission: SIGNED_IN }, schema: contractSchema(userEndpoints['users/profile']) },
    async (request): Promise<UserProfile> => {
      const row = await db.selectFrom('users').select(['locale', 'preferences']).where('id', '=', request.user.sub).executeTakeFirst();
      if (!row) throw unauthorized('Unknown user');
      return { locale: row.locale, preferences: parsePreferences(row.preferences) };
    },
  );

  app.post(
    '/api/users/info',
    { config: { permission: SIGNED_IN }, schema: contractSchema(userEndpoints['users/info']) },
    async (request): Promise<UserInfo> => readUserInfo(db, request.user.sub, request.user.roleId, request.user.permissions),
  );

  await registerProfileUpdateRoute(app, { db });
}
