// The signed-in user's sessions (refresh-token families): list them with their device and last use,
// sign one out, or sign out every other one.
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/audit-log';
import { notFound } from '../http/errors';
import { SIGNED_IN } from '../iam/route-access';
import { identityEndpoints, type IdentityEndpoints, type SessionView } from '@helio/contracts';
import { contractSchema } from '../http/contract-schema';
import { listActiveSessions, revokeUserSession, revokeUserSessions } from './sessions';
import { clientOf, type IdentityDeps } from './sign-in';
import { describeDevice } from './user-agent';

export type { SessionView };

export async function registerSessionRoutes(app: FastifyInstance, { db }: IdentityDeps): Promise<void> {
  app.post(
    '/api/auth/sessions/list',
    { config: { permission: SIGNED_IN }, schema: contractSchema(identityEndpoints['auth/sessions/list']) },
    async (request): Promise<{ sessions: SessionView[] }> => {
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
  );

  app.post<{ Body: IdentityEndpoints['auth/sessions/revoke']['request'] }>(
    '/api/auth/sessions/revoke',
    {
      config: { permission: SIGNED_IN, tenantResources: [{ field: 'id', kind: 'session' }] },
      schema: contractSchema(identityEndpoints['auth/sessions/revoke']),
    },
    async (request) => {
      if (!(await revokeUserSession(db, request.user.sub, request.body.id))) throw notFound('Session not found');
      await recordAudit(db, {
        tenantId: request.user.tenantId,
        action: 'auth.session_revoked',
        actor: { id: request.user.sub, email: request.user.email },
        target: { type: 'session', id: request.body.id, label: request.user.email },
        address: clientOf(request).address,
      });
      return { ok: true };
    },
  );

  app.post(
    '/api/auth/sessions/revoke-others',
    { config: { permission: SIGNED_IN }, schema: contractSchema(identityEndpoints['auth/sessions/revoke-others']) },
    async (request) => {
      const revoked = (await revokeUserSessions(db, request.user.sub, request.user.sessionId)).length;
      if (revoked > 0) {
        await recordAudit(db, {
          tenantId: request.user.tenantId,
          action: 'auth.session_revoked',
          actor: { id: request.user.sub, email: request.user.email },
          details: { others: true, count: revoked },
          address: clientOf(request).address,
        });
      }
      return { revoked };
    },
  );
}
