// The signed-in user's own profile: reading it, and editing their name, family name, picture, language
// and interface preferences (audited when something changed, in the change's transaction: an edit whose
// audit entry cannot be written is not made). An edit answers the merged current user
// (user info + profile), as the console holds it.
import type { UserEndpoints } from '@helio/contracts';
import type { Kysely } from 'kysely';
import { recordRequestAudit, type RequestCaller } from '../audit/request-audit';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { ApiError, unauthorized } from '../http/errors';
import { parsePreferences, readUserInfo, type UserInfo, type UserProfile } from './current-user';

export const MAX_PREFERENCES_BYTES = 16 * 1024;
/** A picture is a web address or an inline image small enough to live in the row. */
const PICTURE = /^(https?:\/\/\S+|data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*)$/;

export async function readProfile(db: Kysely<Database>, userId: string): Promise<UserProfile> {
  const row = await db.selectFrom('users').select(['locale', 'preferences']).where('id', '=', userId).executeTakeFirst();
  if (!row) throw unauthorized('Unknown user');
  return { locale: row.locale, preferences: parsePreferences(row.preferences) };
}

export async function updateProfile(
  db: Kysely<Database>,
  caller: RequestCaller,
  { name, family_name, picture, locale, preferences }: UserEndpoints['users/profile/update']['request'],
): Promise<UserInfo & UserProfile> {
  const { user } = caller;
  if (typeof picture === 'string' && !PICTURE.test(picture)) {
    throw new ApiError(400, 'ProfileInvalid', 'picture must be an http(s) address or a base64 PNG, JPEG, GIF or WebP data URL', {
      field: 'picture',
      reason: 'picture',
    });
  }
  const preferencesJson = preferences === undefined ? undefined : JSON.stringify(preferences);
  if (preferencesJson !== undefined && Buffer.byteLength(preferencesJson) > MAX_PREFERENCES_BYTES) {
    throw new ApiError(400, 'ProfileInvalid', `preferences must stay under ${MAX_PREFERENCES_BYTES / 1024} KB`, {
      field: 'preferences',
      reason: 'preferencesSize',
      maxKb: MAX_PREFERENCES_BYTES / 1024,
    });
  }
  const changes = {
    ...(name !== undefined ? { name: name.trim() } : {}),
    ...(family_name !== undefined ? { family_name: family_name.trim() } : {}),
    ...(picture !== undefined ? { picture } : {}),
    ...(locale !== undefined ? { locale } : {}),
    ...(preferencesJson !== undefined ? { preferences: preferencesJson } : {}),
  };
  if (Object.keys(changes).length > 0) {
    await inTransaction(db, async (trx) => {
      await trx.updateTable('users').set(changes).where('id', '=', user.sub).execute();
      await recordRequestAudit(
        trx,
        caller,
        'users.profile_updated',
        { type: 'user', id: user.sub, label: user.email },
        { fields: Object.keys(changes) },
      );
    });
  }
  const row = await db.selectFrom('users').select(['locale', 'preferences']).where('id', '=', user.sub).executeTakeFirstOrThrow();
  const info = await readUserInfo(db, user.sub, user.roleId, user.permissions);
  return { ...info, locale: row.locale, preferences: parsePreferences(row.preferences) };
}
