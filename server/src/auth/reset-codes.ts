// Forgot-password codes: 6 digits, mailed, valid 1 hour, single use, 5 tries (and the account's
// total budget of tries, reset-throttle.ts). A code is replaced at most every 10 minutes, so asking
// again and again neither floods the mail box nor keeps killing the code the owner is typing. Stored as scrypt hashes:
// a million possible codes is too few for a fast hash to protect them if the table ever leaks.
import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { decoyHash, hashPassword, verifyPassword } from './passwords';

export const RESET_CODE_LIFETIME_MS = 60 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** A new code replaces the old one, but at most one every 10 minutes. */
export const RESET_CODE_RESEND_MS = 10 * 60 * 1000;

export function generateResetCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * A new code for the user, or undefined when one was issued less than a minute ago. `deliver` runs in
 * the same transaction (it queues the mail), so a code exists only together with its mail.
 */
export async function issueResetCode(
  db: Kysely<Database>,
  userId: string,
  deliver: (trx: Kysely<Database>, code: string) => Promise<void>,
  now: Date = new Date(),
): Promise<string | undefined> {
  const code = generateResetCode();
  const codeHash = await hashPassword(code); // slow on purpose; outside any transaction
  return db.transaction().execute(async (trx) => {
    const recent = await trx
      .selectFrom('password_reset_codes')
      .select('id')
      .where('user_id', '=', userId)
      .where('created_at', '>', new Date(now.getTime() - RESET_CODE_RESEND_MS).toISOString())
      .executeTakeFirst();
    if (recent) return undefined;
    await trx.deleteFrom('password_reset_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('password_reset_codes')
      .values({
        id: randomUUID(),
        user_id: userId,
        code_hash: codeHash,
        expires_at: new Date(now.getTime() + RESET_CODE_LIFETIME_MS).toISOString(),
        attempts: 0,
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    await deliver(trx, code);
    return code;
  });
}

/**
 * Spends one try of the user's current code; true only for the right code, once. Unknown users cost
 * the same scrypt time, so the answer's timing tells nothing either.
 */
export async function redeemResetCode(
  db: Kysely<Database>,
  userId: string | undefined,
  code: string,
  now: Date = new Date(),
): Promise<boolean> {
  const row = userId
    ? await db
        .selectFrom('password_reset_codes')
        .select(['id', 'code_hash', 'attempts'])
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .where('attempts', '<', RESET_CODE_MAX_ATTEMPTS)
        .executeTakeFirst()
    : undefined;
  const matches = await verifyPassword(code, row?.code_hash ?? (await decoyHash()));
  if (!row) return false;
  // The try is counted whatever the outcome, and the right code is used up in the same statement.
  const result = await db
    .updateTable('password_reset_codes')
    .set({ attempts: row.attempts + 1, used_at: matches ? now.toISOString() : null })
    .where('id', '=', row.id)
    .where('attempts', '=', row.attempts)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return matches && Number(result.numUpdatedRows) === 1;
}

/** Ends every code of the user (its try budget is spent). */
export async function discardResetCodes(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('password_reset_codes').where('user_id', '=', userId).execute();
}
