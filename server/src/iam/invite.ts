// Inviting a user (iam/users/invite, plant/access/invite): creates the account with a temporary
// password (valid 7 days) and mails it in the invitee's language; the first sign-in then asks for a new
// password. Inviting someone still invited sends a fresh temporary password instead.
import { countingNameConflicts } from '../security/name-probes';
import type { Kysely, Transaction } from 'kysely';
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/audit-log';
import type { Database, Locale } from '../db/schema';
import type { AuthUser } from '../http/auth';
import { ApiError } from '../http/errors';
import { hashPassword } from '../identity/passwords';
import { TEMPORARY_PASSWORD_LIFETIME_MS, generateTemporaryPassword } from '../identity/temporary-password';
import { normalizeEmail } from '../identity/user-pool';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/templates';
import type { IamEndpoints } from '@helio/contracts';
import { assertMayTouch, requireTenantRole, roleColumns, withTenantLock, type UserRow } from './user-admin';

export interface IamDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  consoleUrl: string;
}

export type InviteBody = IamEndpoints['iam/users/invite']['request'];

/**
 * Invites `body.email` into the actor's tenant (or sends a still-invited user a fresh temporary
 * password), mails the invitation and audits it. `alsoInTransaction` runs in the same transaction with
 * the user's id (plant/access/invite gives the new user their plant there).
 */
export async function inviteUser(
  { db, mailer, consoleUrl }: IamDeps,
  actor: AuthUser,
  body: InviteBody,
  address: string | null,
  alsoInTransaction?: (trx: Transaction<Database>, userId: string) => Promise<void>,
): Promise<UserRow> {
  const role = await requireTenantRole(db, actor.tenantId, body.role);
  await assertMayTouch(db, actor, undefined, role);
  const email = normalizeEmail(body.email);
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + TEMPORARY_PASSWORD_LIFETIME_MS);

  const user = await countingNameConflicts(db, actor.tenantId, 'email', 'UserExists', () =>
    withTenantLock(db, actor.tenantId, async (trx) => {
      await requireTenantRole(trx, actor.tenantId, role.id); // still there, now that no one can delete it
      const existing = await trx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      if (existing && (existing.tenant_id !== actor.tenantId || existing.temporary_password_expires_at === null)) {
        throw new ApiError(409, 'UserExists', 'A user with this e-mail address already exists');
      }
      if (existing) await assertMayTouch(trx, actor, existing);
      const fields = {
        name: body.name.trim(),
        family_name: body.family_name.trim(),
        ...roleColumns(role),
        modules: JSON.stringify(body.modules),
        locale: body.locale,
        password_hash: passwordHash,
        temporary_password_expires_at: expiresAt.toISOString(),
      };
      const id = existing?.id ?? randomUUID();
      if (existing) {
        await trx.updateTable('users').set(fields).where('id', '=', id).execute();
      } else {
        await trx
          .insertInto('users')
          .values({
            id,
            tenant_id: actor.tenantId,
            email,
            picture: null,
            preferences: '{}',
            status: 'active',
            created_at: now.toISOString(),
            password_changed_at: null,
            last_sign_in_at: null,
            ...fields,
          })
          .execute();
      }
      const tenant = await trx.selectFrom('tenants').select('name').where('id', '=', actor.tenantId).executeTakeFirstOrThrow();
      const message = renderMail(
        { kind: 'invitation', name: fields.name, username: email, temporaryPassword, expiresAt, tenantName: tenant.name, consoleUrl },
        body.locale,
      );
      await mailer.enqueue(trx, { to: email, language: body.locale, ...message });
      await recordAudit(trx, {
        tenantId: actor.tenantId,
        action: 'iam.user_invited',
        actor: { id: actor.sub, email: actor.email },
        target: { type: 'user', id, label: email },
        details: { role: role.id, modules: body.modules, locale: body.locale, resent: existing !== undefined },
        address,
      });
      if (alsoInTransaction) await alsoInTransaction(trx, id);
      return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    }),
  );
  mailer.kick();
  return user;
}
