// Username/password authentication against the users table. Unknown users and wrong passwords look
// exactly alike from outside: same answer and the same scrypt work. An e-mail names one real account;
// an invitation's placeholder (iam/invite.ts) holds the address in its organisation but is no account:
// no lookup by e-mail finds it, so it never signs in nor resets a password.
import type { Kysely, Selectable } from 'kysely';
import type { Database, UserTable } from '../db/schema';
import { decoyHash, verifyPassword } from './passwords';

export type UserRow = Selectable<UserTable>;

export type AuthenticationResult =
  | { status: 'ok'; user: UserRow }
  /** `user` is set when the username exists: for the audit log only, never for the answer. */
  | { status: 'invalid'; user?: UserRow }
  | { status: 'disabled'; user: UserRow };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function authenticate(db: Kysely<Database>, username: string, password: string): Promise<AuthenticationResult> {
  const user = await findUserByEmail(db, username);
  const matches = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
  if (!user) return { status: 'invalid' };
  if (!matches) return { status: 'invalid', user };
  // Only someone who knows the password learns that the account is disabled.
  if (user.status !== 'active') return { status: 'disabled', user };
  return { status: 'ok', user };
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The real account of an address (e-mails are unique among them), never a placeholder. */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).where('placeholder', '=', 0).executeTakeFirst();
}

/** Sets a user's own password; clears the temporary-password state an invitation left. */
export async function setPassword(db: Kysely<Database>, userId: string, passwordHash: string, now: Date = new Date()): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, temporary_password_expires_at: null, password_changed_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}
