// The signed-in user's own data: the profile (interface locale and preferences, profile-store.ts) and
// the user info (identity, tenant, modules, role, permissions). The console merges both into its
// current user. Every signed-in user may read and edit their own.
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { readUserInfo } from './current-user';
import { readProfile, updateProfile } from './profile-store';

export type { UserInfo, UserProfile } from './current-user';

export function userHandlers({ db }: { db: Kysely<Database> }): ApiHandlers {
  return {
    'users/profile': async (request) => readProfile(db, request.user.sub),
    'users/info': async (request) => readUserInfo(db, request.user.sub, request.user.roleId, request.user.permissions),
    'users/profile/update': async (request) => updateProfile(db, request, request.body),
  };
}
