// Sign-in sessions. A session is one refresh-token family: it starts at sign-in, every refresh marks
// it used, and revoking it revokes the family. ID tokens carry its id (`sid`), so they die with it.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { hashRefreshToken, newRefreshToken, revokeFamily, type IssuedRefreshToken } from './refresh-tokens';

export interface SessionClient {
  userAgent: string | null;
  address: string | null;
}

export interface StartedSession {
  sessionId: string;
  refresh: IssuedRefreshToken;
}

export interface SessionRow {
  id: string;
  user_agent: string | null;
  address: string | null;
  created_at: string;
  last_used_at: string;
}

const MAX_USER_AGENT = 512;

/** Creates the session and its first refresh token together, so no one ever sees one without the other. */
export async function startSession(
  db: Kysely<Database>,
  userId: string,
  client: SessionClient,
  now: Date = new Date(),
): Promise<StartedSession> {
  const sessionId = randomUUID();
  const fresh = newRefreshToken(now);
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('sessions')
      .values({
        id: sessionId,
        user_id: userId,
        user_agent: client.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
        address: client.address,
        created_at: now.toISOString(),
        last_used_at: now.toISOString(),
        revoked_at: null,
      })
      .execute();
    await trx
      .insertInto('refresh_tokens')
      .values({
        id: fresh.id,
        family_id: sessionId,
        user_id: userId,
        token_hash: hashRefreshToken(fresh.token),
        expires_at: fresh.expiresAt.toISOString(),
        revoked_at: null,
        replaced_by: null,
        created_at: now.toISOString(),
      })
      .execute();
  });
  return { sessionId, refresh: { token: fresh.token, expiresAt: fresh.expiresAt } };
}

/** The user's sessions that can still refresh: not revoked, with an unexpired token. Newest use first. */
export async function listActiveSessions(db: Kysely<Database>, userId: string, now: Date = new Date()): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'address', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('refresh_tokens')
          .select('refresh_tokens.id')
          .whereRef('refresh_tokens.family_id', '=', 'sessions.id')
          .where('refresh_tokens.revoked_at', 'is', null)
          .where('refresh_tokens.expires_at', '>', now.toISOString()),
      ),
    )
    .orderBy('last_used_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Revokes one session of the user; false when the user has no such session. */
export async function revokeUserSession(db: Kysely<Database>, userId: string, sessionId: string): Promise<boolean> {
  const row = await db.selectFrom('sessions').select('id').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return false;
  await revokeFamily(db, row.id);
  return true;
}

/**
 * Revokes every session of the user except `keep`; answers the ids of those revoked. Given a
 * transaction, the caller announces the ended sessions after it commits (access-ended.ts).
 */
export async function revokeUserSessions(db: Kysely<Database>, userId: string, keep?: string): Promise<string[]> {
  let query = db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keep) query = query.where('id', '!=', keep);
  const rows = await query.execute();
  for (const row of rows) await revokeFamily(db, row.id);
  // Families from before sessions existed have no session row; their tokens go too.
  let legacy = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep) legacy = legacy.where('family_id', '!=', keep);
  await legacy.execute();
  return rows.map((row) => row.id);
}
