// Inviting a user (iam/users/invite, plant/access/invite): creates the account with a temporary
// password (valid 7 days) and mails it in the invitee's language; the first sign-in then asks for a new
// password. Inviting someone still invited sends a fresh temporary password instead.
//
// E-mails are unique among accounts across the installation, yet an invitation must not tell one
// organisation that an address has an account with another. Such an invitation is answered exactly
// like any other (same status, body, work and expiry; the invitee is listed as invited), but what it
// makes is a placeholder: a user of the inviting organisation that can never sign in (no usable
// password, left out of every lookup by e-mail). The address's owner is mailed, in their language,
// that the organisation invited them and that they should ask for an invitation to another address.
// Their account is not touched. Within one organisation an existing user is still a 409: that tells it
// nothing it does not know.
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/audit-log';
import type { ClusterBus } from '../cluster/bus';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import type { AuthUser } from '../http/auth';
import { ApiError } from '../http/errors';
import { hashPassword, UNUSABLE_PASSWORD_HASH } from '../auth/passwords';
import { TEMPORARY_PASSWORD_LIFETIME_MS, generateTemporaryPassword } from '../auth/temporary-password';
import { normalizeEmail } from '../auth/user-pool';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/templates';
import type { IamEndpoints } from '@helio/contracts';
import { assertMayTouch, requireTenantRole, roleColumns, withTenantLock, type UserRow } from './user-admin';

export interface IamDeps {
  db: Kysely<Database>;
  /** This replica's cluster bus: a user who loses access is announced on it (their live streams end). */
  bus: ClusterBus;
  mailer: Mailer;
  consoleUrl: string;
}

export type InviteBody = IamEndpoints['iam/users/invite']['request'];

/**
 * Invitations of one address by two organisations at once take turns (PostgreSQL: a transaction lock
 * on the address; SQLite runs one write transaction at a time), so exactly one of them makes the account.
 */
async function holdAddress(trx: Transaction<Database>, email: string): Promise<void> {
  if (isPostgres<Database>(trx)) await sql`select pg_advisory_xact_lock(hashtext(${`invitation:${email}`}))`.execute(trx);
}

/** The real account of the address in another organisation, if there is one. */
const accountElsewhere = (trx: Transaction<Database>, email: string, tenantId: string) =>
  trx
    .selectFrom('users')
    .select(['name', 'locale'])
    .where('email', '=', email)
    .where('placeholder', '=', 0)
    .where('tenant_id', '!=', tenantId)
    .executeTakeFirst();

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
  // Hashed for every invitation, a placeholder's too (which keeps none of it): scrypt is most of the
  // answer's time, so the time cannot tell the two apart either.
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + TEMPORARY_PASSWORD_LIFETIME_MS);

  const user = await withTenantLock(db, actor.tenantId, async (trx) => {
    await requireTenantRole(trx, actor.tenantId, role.id); // still there, now that no one can delete it
    await holdAddress(trx, email);
    const existing = await trx
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .where('tenant_id', '=', actor.tenantId)
      .executeTakeFirst();
    if (existing && existing.temporary_password_expires_at === null) {
      throw new ApiError(409, 'UserExists', 'A user of this organisation already has this e-mail address');
    }
    if (existing) await assertMayTouch(trx, actor, existing);
    // Asked on every invitation, resent ones too: a placeholder whose address has no account any more
    // becomes a real invitation.
    const owner = await accountElsewhere(trx, email, actor.tenantId);
    const fields = {
      name: body.name.trim(),
      family_name: body.family_name.trim(),
      ...roleColumns(role),
      modules: JSON.stringify(body.modules),
      locale: body.locale,
      password_hash: owner ? UNUSABLE_PASSWORD_HASH : passwordHash,
      temporary_password_expires_at: expiresAt.toISOString(),
      placeholder: owner ? 1 : 0,
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
    const language = owner?.locale ?? body.locale;
    const message = owner
      ? renderMail({ kind: 'invitation-elsewhere', name: owner.name, tenantName: tenant.name, consoleUrl }, language)
      : renderMail(
          { kind: 'invitation', name: fields.name, username: email, temporaryPassword, expiresAt, tenantName: tenant.name, consoleUrl },
          language,
        );
    await mailer.enqueue(trx, { to: email, language, ...message });
    // The same entry either way: the audit log is the inviting organisation's to read.
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
  });
  mailer.kick();
  return user;
}
