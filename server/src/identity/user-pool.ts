// Username/password authentication against the users table. Unknown users and wrong passwords look
// exactly alike from outside: same answer and the same scrypt work.
import type { Kysely, Selectable } from 'kysely';
import type { Database, UserTable } from '../db/schema';
import { decoyHash, verifyPassword } from './passwords';

export type UserRow = Selectable<UserTable>;

export type AuthenticationResult =
  | { status: 'ok'; user: UserRow }
  | { status: 'invalid' }
  | { status: 'disabled' };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function authenticate(
  db: Kysely<Database>,
  username: string,
  password: string,
): Promise<AuthenticationResult> {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normalizeEmail(username))
    .executeTakeFirst();
  const matches = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
  if (!user || !matches) return { status: 'invalid' };
  // Only someone who knows the password learns that the account is disabled.
  if (user.status !== 'active') return { status: 'disabled' };
  return { status: 'ok', user };
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
