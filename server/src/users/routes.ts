// The signed-in user's own data: the profile (interface locale and preferences, profile-store.ts) and
// the user info (identity, tenant, modules, role, permissions). The console merges both into its
// current user. Every signed-in user may read and edit their own.
import { userEndpoints, type UserEndpoints } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { contractSchema } from '../http/contract-schema';
import { SIGNED_IN } from '../iam/route-access';
import { readUserInfo } from './current-user';
import { readProfile, updateProfile } from './profile-store';

export type { UserInfo, UserProfile } from './current-user';

export async function registerUserRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  app.post(
    '/api/users/profile',
    { config: { permission: SIGNED_IN }, schema: contractSchema(userEndpoints['users/profile']) },
    async (request) => readProfile(db, request.user.sub),
  );

  app.post('/api/users/info', { config: { permission: SIGNED_IN }, schema: contractSchema(userEndpoints['users/info']) }, async (request) =>
    readUserInfo(db, request.user.sub, request.user.roleId, request.user.permissions),
  );

  app.post<{ Body: UserEndpoints['users/profile/update']['request'] }>(
    '/api/users/profile/update',
    { config: { permission: SIGNED_IN }, schema: contractSchema(userEndpoints['users/profile/update']) },
    async (request) => updateProfile(db, request, request.body),
  );
}
