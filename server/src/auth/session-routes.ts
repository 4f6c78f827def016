// The signed-in user's sessions (refresh-token families): list them with their device and last use,
// sign one out, or sign out every other one. Sessions end in one transaction with their audit entry;
// open streams hear of it after the commit.
import type { ApiHandlers } from '../http/api-module';
import { recordAudit } from '../audit/audit-log';
import { inTransaction } from '../db/dialect';
import { sessionNotFound } from '../http/errors';
import { type SessionView } from '@helio/contracts';
import { announceAccessEnded } from './access-ended';
import { listActiveSessions, revokeUserSession, revokeUserSessions } from './sessions';
import { clientOf, type IdentityDeps } from './sign-in';
import { describeDevice } from './user-agent';

export type { SessionView };

export function sessionHandlers({ db, bus }: IdentityDeps): ApiHandlers {
  return {
    'auth/sessions/list': async (request): Promise<{ sessions: SessionView[] }> => {
      const rows = await listActiveSessions(db, request.user.sub);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          device: describeDevice(row.user_agent),
          userAgent: row.user_agent,
          address: row.address,
          createdAt: row.created_at,
          lastUsedAt: row.last_used_at,
          current: row.id === request.user.sessionId,
        })),
      };
    },
    'auth/sessions/revoke': async (request) => {
      await inTransaction(db, async (trx) => {
        if (!(await revokeUserSession(trx, request.user.sub, request.body.id))) throw sessionNotFound();
        await recordAudit(trx, {
          tenantId: request.user.tenantId,
          action: 'auth.session_revoked',
          actor: { id: request.user.sub, email: request.user.email },
          target: { type: 'session', id: request.body.id, label: request.user.email },
          address: clientOf(request).address,
        });
      });
      announceAccessEnded(bus, { sessionId: request.body.id });
      return { ok: true };
    },
    'auth/sessions/revoke-others': async (request) => {
      const revoked = await inTransaction(db, async (trx) => {
        const ended = await revokeUserSessions(trx, request.user.sub, request.user.sessionId);
        if (ended.length > 0) {
          await recordAudit(trx, {
            tenantId: request.user.tenantId,
            action: 'auth.session_revoked',
            actor: { id: request.user.sub, email: request.user.email },
            details: { others: true, count: ended.length },
            address: clientOf(request).address,
          });
        }
        return ended;
      });
      for (const sessionId of revoked) announceAccessEnded(bus, { sessionId });
      return { revoked: revoked.length };
    },
  };
}
