// The new-password-required challenge: an invited user who signs in with the temporary password gets
// an opaque session (3 minutes, single use) instead of tokens, and trades it for tokens with a new password.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const CHALLENGE_LIFETIME_MS = 3 * 60 * 1000;
export { NEW_PASSWORD_REQUIRED } from '@helio/contracts';

const hash = (session: string) => createHash('sha256').update(session).digest('hex');

export async function createNewPasswordChallenge(db: Kysely<Database>, userId: string, now: Date = new Date()): Promise<string> {
  const session = randomBytes(32).toString('base64url');
  // Earlier unanswered challenges of the user end here: only the newest session works.
  await db.deleteFrom('auth_challenges').where('user_id', '=', userId).execute();
  await db
    .insertInto('auth_challenges')
    .values({
      id: randomUUID(),
      user_id: userId,
      token_hash: hash(session),
      expires_at: new Date(now.getTime() + CHALLENGE_LIFETIME_MS).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return session;
}

export interface OpenChallenge {
  id: string;
  userId: string;
}

/** The challenge behind a session, if it is unused and unexpired. */
export async function findOpenChallenge(db: Kysely<Database>, session: string, now: Date = new Date()): Promise<OpenChallenge | undefined> {
  const row = await db
    .selectFrom('auth_challenges')
    .select(['id', 'user_id'])
    .where('token_hash', '=', hash(session))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id } : undefined;
}

/** Marks the challenge answered; false when another request answered it first. */
export async function consumeChallenge(db: Kysely<Database>, id: string, now: Date = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('auth_challenges')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
