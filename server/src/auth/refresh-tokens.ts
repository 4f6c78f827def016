// Rotating refresh tokens. Each sign-in starts a family; every refresh replaces the presented token
// with a new one. A token presented after it was rotated means it was copied: the family is revoked.
// A revoked family is a session that ended: the caller announces it after the change commits
// (access-ended.ts), so the session's open live streams end on every replica.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

export type RotationResult =
  | { status: 'rotated'; userId: string; familyId: string; refresh: IssuedRefreshToken }
  /** `revoked`: the session this token's family was, revoked now (announce it). */
  | { status: 'unknown' | 'expired' | 'reused'; revoked?: string };

class AlreadyRotated extends Error {}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh refresh token and its row id; only its hash is ever stored. */
/**
 * However often it is refreshed, a sign-in session ends this long after the sign-in: a stolen refresh
 * token (or a forgotten browser) cannot keep one alive for ever.
 */
export const SESSION_MAX_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

/** A new refresh token, valid 30 days but never past `notAfter` (epoch ms: its session's end). */
export function newRefreshToken(now: Date, notAfter = Infinity) {
  const token = randomBytes(32).toString('base64url');
  return {
    id: randomUUID(),
    token,
    tokenHash: hashRefreshToken(token),
    expiresAt: new Date(Math.min(now.getTime() + REFRESH_TOKEN_LIFETIME_MS, notAfter)),
  };
}

/** When the session (refresh-token family) must end; families from before sessions existed have no end. */
async function sessionEnd(db: Kysely<Database>, familyId: string): Promise<number> {
  const session = await db.selectFrom('sessions').select('created_at').where('id', '=', familyId).executeTakeFirst();
  return session ? Date.parse(session.created_at) + SESSION_MAX_LIFETIME_MS : Infinity;
}

export async function issueRefreshToken(
  db: Kysely<Database>,
  userId: string,
  familyId: string = randomUUID(),
  now: Date = new Date(),
): Promise<IssuedRefreshToken> {
  const fresh = newRefreshToken(now);
  await insertIntoFamily(db, { family_id: familyId, user_id: userId }, fresh, now);
  return { token: fresh.token, expiresAt: fresh.expiresAt };
}

export async function revokeFamily(db: Kysely<Database>, familyId: string, now: Date = new Date()): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
  // The family is the session: its ID tokens stop working with it (the authenticator checks).
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes the family of the given token, if the token is known (sign-out); answers the family revoked. */
export async function revokeFamilyOfToken(db: Kysely<Database>, token: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', hashRefreshToken(token))
    .executeTakeFirst();
  if (!row) return undefined;
  await revokeFamily(db, row.family_id);
  return row.family_id;
}

/**
 * Two tabs refreshing at once present the same token: the one that comes second within this window
 * after the rotation gets new tokens too (once); later, or a second time, it is reuse.
 */
export const REFRESH_GRACE_MS = 10_000;

/** Whether a rotated token may still be used once: recently rotated, grace unspent, session live. */
async function withinGrace(db: Kysely<Database>, row: RotatableRow, now: Date): Promise<boolean> {
  if (row.replaced_by === null || row.revoked_at === null || row.grace_used_at !== null) return false;
  if (now.getTime() - Date.parse(row.revoked_at) > REFRESH_GRACE_MS) return false;
  const session = await db.selectFrom('sessions').select('revoked_at').where('id', '=', row.family_id).executeTakeFirst();
  // a family from before sessions existed has no row; one that was signed out has revoked_at
  if (session?.revoked_at) return false;
  const claimed = await db
    .updateTable('refresh_tokens')
    .set({ grace_used_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('grace_used_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

type RotatableRow = {
  id: string;
  family_id: string;
  user_id: string;
  expires_at: string;
  revoked_at: string | null;
  replaced_by: string | null;
  grace_used_at: string | null;
};

export async function rotateRefreshToken(db: Kysely<Database>, token: string, now: Date = new Date()): Promise<RotationResult> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['id', 'family_id', 'user_id', 'expires_at', 'revoked_at', 'replaced_by', 'grace_used_at'])
    .where('token_hash', '=', hashRefreshToken(token))
    .executeTakeFirst();
  if (!row) return { status: 'unknown' };
  if (row.revoked_at !== null || row.replaced_by !== null) {
    if (row.expires_at > now.toISOString() && (await withinGrace(db, row, now))) {
      return { status: 'rotated', userId: row.user_id, familyId: row.family_id, refresh: await addToFamily(db, row, now) };
    }
    await revokeFamily(db, row.family_id, now);
    return { status: 'reused', revoked: row.family_id };
  }
  if (row.expires_at <= now.toISOString()) return { status: 'expired' };
  const ends = await sessionEnd(db, row.family_id);
  if (now.getTime() >= ends) {
    await revokeFamily(db, row.family_id, now);
    return { status: 'expired', revoked: row.family_id };
  }

  const fresh = newRefreshToken(now, ends);
  try {
    await db.transaction().execute(async (trx) => {
      // Claim the old token first: of two concurrent refreshes with one token only one can win.
      const claimed = await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: now.toISOString(), replaced_by: fresh.id })
        .where('id', '=', row.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new AlreadyRotated();
      await insertIntoFamily(trx, row, fresh, now);
      await trx.updateTable('sessions').set({ last_used_at: now.toISOString() }).where('id', '=', row.family_id).execute();
    });
  } catch (error) {
    if (!(error instanceof AlreadyRotated)) throw error;
    // the other of two simultaneous refreshes won: this one may still have the grace use
    const rotated = await db
      .selectFrom('refresh_tokens')
      .select(['id', 'family_id', 'user_id', 'expires_at', 'revoked_at', 'replaced_by', 'grace_used_at'])
      .where('id', '=', row.id)
      .executeTakeFirst();
    if (rotated && (await withinGrace(db, rotated, now))) {
      return { status: 'rotated', userId: row.user_id, familyId: row.family_id, refresh: await addToFamily(db, rotated, now) };
    }
    await revokeFamily(db, row.family_id, now);
    return { status: 'reused', revoked: row.family_id };
  }
  return {
    status: 'rotated',
    userId: row.user_id,
    familyId: row.family_id,
    refresh: { token: fresh.token, expiresAt: fresh.expiresAt },
  };
}

/** Stores a new live token of the row's family. */
async function insertIntoFamily(
  db: Kysely<Database>,
  row: Pick<RotatableRow, 'family_id' | 'user_id'>,
  fresh: ReturnType<typeof newRefreshToken>,
  now: Date,
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: fresh.id,
      family_id: row.family_id,
      user_id: row.user_id,
      token_hash: fresh.tokenHash,
      expires_at: fresh.expiresAt.toISOString(),
      revoked_at: null,
      replaced_by: null,
      created_at: now.toISOString(),
    })
    .execute();
}

/** A new live token in the row's family, beside the one the row was rotated into (grace use). */
async function addToFamily(db: Kysely<Database>, row: RotatableRow, now: Date): Promise<IssuedRefreshToken> {
  const fresh = newRefreshToken(now, await sessionEnd(db, row.family_id));
  await insertIntoFamily(db, row, fresh, now);
  return { token: fresh.token, expiresAt: fresh.expiresAt };
}

/** Expired tokens can never be used again, so they need not be kept for reuse detection either. */
export async function pruneExpiredRefreshTokens(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('expires_at', '<', now.toISOString()).execute();
  // A session whose every token is gone can neither be used nor be listed.
  await db
    .deleteFrom('sessions')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('refresh_tokens').select('refresh_tokens.id').whereRef('refresh_tokens.family_id', '=', 'sessions.id'))),
    )
    .execute();
}
