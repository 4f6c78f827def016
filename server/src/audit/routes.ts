// POST /api/audit/list: the tenant's audit log, newest first, filtered and paged (audit:read).
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AUDIT_PAGE_MAX } from '@helio/contracts';
import { badRequest } from '../http/errors';
import { InvalidCursorError, listAudit } from './audit-log';

export const AUDIT_PAGE_DEFAULT = 50;
export { AUDIT_PAGE_MAX };

/** ISO text compares correctly only in one shape; Date re-renders whatever offset the caller used as UTC. */
const toUtc = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());

export function auditHandlers({ db }: { db: Kysely<Database> }): ApiHandlers {
  return {
    'audit/list': async (request) => {
      const { actions, actorId, targetId, from, to, limit, cursor } = request.body;
      try {
        return await listAudit(db, {
          tenantId: request.user.tenantId,
          actions,
          actorId,
          targetId,
          from: toUtc(from),
          to: toUtc(to),
          limit: limit ?? AUDIT_PAGE_DEFAULT,
          cursor,
        });
      } catch (error) {
        if (error instanceof InvalidCursorError) throw badRequest('Unknown cursor');
        throw error;
      }
    },
  };
}
