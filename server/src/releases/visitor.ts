// Who asks for index.html. The refresh-token cookie only travels to /api/auth, so the console's page
// request cannot show it; instead the browser's first release report after sign-in sets this cookie
// (path /, http-only) to the report's sign-in session id. The session must still be live: after a
// sign-out, a revoked session or a disabled account the page is the signed-out visitor's (all stable).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SESSION_MAX_LIFETIME_MS } from '../auth/refresh-tokens';
import type { Visitor } from './assignment';

export const RELEASE_COOKIE = 'helio_release';
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function visitorOf(db: Kysely<Database>, request: FastifyRequest, now = new Date()): Promise<Visitor | null> {
  const sessionId = request.cookies?.[RELEASE_COOKIE];
  if (!sessionId || !SESSION_ID.test(sessionId)) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id as userId', 'users.tenant_id as tenantId'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.created_at', '>', new Date(now.getTime() - SESSION_MAX_LIFETIME_MS).toISOString())
    .where('users.status', '=', 'active')
    .executeTakeFirst();
  return row ?? null;
}

/** Remembers the sign-in session for the next page load (Lax: a link from a mail keeps the assignment). */
export function rememberVisitor(reply: FastifyReply, sessionId: string, secure: boolean): void {
  reply.setCookie(RELEASE_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.round(SESSION_MAX_LIFETIME_MS / 1000),
  });
}
