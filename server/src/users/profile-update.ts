// users/profile/update: the signed-in user edits their own name, family name, picture, language and
// interface preferences. Answers the merged current user (user info + profile), as users/me holds it.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/audit-log';
import type { Database, Locale } from '../db/schema';
import { userEndpoints, type UserEndpoints } from '@helio/contracts';
import { contractSchema } from '../http/contract-schema';
import { badRequest } from '../http/errors';
import { SIGNED_IN } from '../iam/route-access';
import { parsePreferences, readUserInfo, type UserInfo, type UserProfile } from './current-user';

export const MAX_PREFERENCES_BYTES = 16 * 1024;
/** A picture is a web address or an inline image small enough to live in the row. */
const PICTURE = /^(https?:\/\/\S+|data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*)$/;

export async function registerProfileUpdateRoute(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  app.post<{ Body: UserEndpoints['users/profile/update']['request'] }>(
    '/api/users/profile/update',
    {
      config: { permission: SIGNED_IN },
      schema: contractSchema(userEndpoints['users/profile/update']),
    },
    async (request): Promise<UserInfo & UserProfile> => {
      const { name, family_name, picture, locale, preferences } = request.body;
      if (typeof picture === 'string' && !PICTURE.test(picture)) {
        throw badRequest('picture must be an http(s) address or a base64 PNG, JPEG, GIF or WebP data URL');
      }
      const preferencesJson = preferences === undefined ? undefined : JSON.stringify(preferences);
      if (preferencesJson !== undefined && Buffer.byteLength(preferencesJson) > MAX_PREFERENCES_BYTES) {
        throw badRequest(`preferences must stay under ${MAX_PREFERENCES_BYTES / 1024} KB`);
      }
      const changes = {
        ...(name !== undefined ? { name: name.trim() } : {}),
        ...(family_name !== undefined ? { family_name: family_name.trim() } : {}),
        ...(picture !== undefined ? { picture } : {}),
        ...(locale !== undefined ? { locale } : {}),
        ...(preferencesJson !== undefined ? { preferences: preferencesJson } : {}),
      };
      if (Object.keys(changes).length > 0) {
        await db.updateTable('users').set(changes).where('id', '=', request.user.sub).execute();
        await recordAudit(db, {
          tenantId: request.user.tenantId,
          action: 'users.profile_updated',
          actor: { id: request.user.sub, email: request.user.email },
          target: { type: 'user', id: request.user.sub, label: request.user.email },
          details: { fields: Object.keys(changes) },
          address: request.ip,
        });
      }
      const row = await db
        .selectFrom('users')
        .select(['locale', 'preferences'])
        .where('id', '=', request.user.sub)
        .executeTakeFirstOrThrow();
      const info = await readUserInfo(db, request.user.sub, request.user.roleId, request.user.permissions);
      return { ...info, locale: row.locale, preferences: parsePreferences(row.preferences) };
    },
  );
}
