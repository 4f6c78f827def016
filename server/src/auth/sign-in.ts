// What signing in means once the password (or a new one) has been accepted: a new session, its
// refresh cookie, ID and access tokens naming the session, the last-sign-in time and an audit entry.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ClusterBus } from '../cluster/bus';
import { recordAudit, type AuditTarget } from '../audit/audit-log';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import type { RefreshCookie } from './refresh-cookie';
import { pruneExpiredRefreshTokens } from './refresh-tokens';
import { startSession, type SessionClient } from './sessions';
import { pruneSignInThrottle } from './sign-in-throttle';
import type { IssuedTokens, TokenService } from './tokens';
import { normalizeEmail, type UserRow } from './user-pool';
import { rememberDevice } from './device-cookie';

export interface IdentityDeps {
  db: Kysely<Database>;
  /** This replica's cluster bus: a session that ends is announced on it (its live streams end). */
  bus: ClusterBus;
  tokens: TokenService;
  mailer: Mailer;
  cookie: RefreshCookie;
  /** Where users reach the console, for links in mails. */
  consoleUrl: string;
}

export function clientOf(request: FastifyRequest): SessionClient {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : null, address: request.ip };
}

export const userTarget = (user: Pick<UserRow, 'id' | 'email'>): AuditTarget => ({ type: 'user', id: user.id, label: user.email });

export async function completeSignIn(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  how: 'password' | 'new_password',
): Promise<IssuedTokens> {
  const { db } = deps;
  const now = new Date();
  // Housekeeping rides on sign-ins: rare enough to cost nothing, frequent enough to keep tables small.
  await pruneExpiredRefreshTokens(db, now);
  await pruneSignInThrottle(db, now.getTime());
  const client = clientOf(request);
  // The session and its audit entry commit together: a sign-in that cannot be audited starts no session.
  const { sessionId, refresh } = await inTransaction(db, async (trx) => {
    const started = await startSession(trx, user.id, client, now);
    await trx.updateTable('users').set({ last_sign_in_at: now.toISOString() }).where('id', '=', user.id).execute();
    await recordAudit(trx, {
      tenantId: user.tenant_id,
      action: 'auth.sign_in',
      actor: { id: user.id, email: user.email },
      target: userTarget(user),
      details: { sessionId: started.sessionId, method: how },
      address: client.address,
    });
    return started;
  });
  const issued = await deps.tokens.issue({ id: user.id, email: user.email, tenantId: user.tenant_id, sessionId });
  deps.cookie.set(reply, refresh);
  await rememberDevice(request, reply, deps.tokens, normalizeEmail(user.email), deps.cookie.secure);
  return issued;
}
