// POST /api/audit/list: the tenant's audit log, newest first, filtered and paged (audit:read).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest, errorResponseSchema } from '../http/errors';
import { access } from '../iam/route-access';
import { AUDIT_ACTIONS, InvalidCursorError, listAudit } from './audit-log';

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

interface AuditListBody {
  actions?: string[];
  actorId?: string;
  targetId?: string;
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string;
}

const idSchema = { type: 'string', minLength: 1, maxLength: 100 } as const;

const listBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    actions: { type: 'array', items: { type: 'string', enum: [...AUDIT_ACTIONS] }, maxItems: AUDIT_ACTIONS.length, uniqueItems: true },
    actorId: idSchema,
    targetId: idSchema,
    from: { type: 'string', maxLength: 40, format: 'date-time' },
    to: { type: 'string', maxLength: 40, format: 'date-time' },
    limit: { type: 'integer', minimum: 1, maximum: AUDIT_PAGE_MAX },
    cursor: { type: 'string', minLength: 1, maxLength: 500 },
  },
} as const;

const partySchema = (required: string[], properties: Record<string, object>) => ({
  type: ['object', 'null'],
  required,
  properties,
});

const listResponse = {
  type: 'object',
  required: ['events', 'nextCursor'],
  properties: {
    events: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'at', 'action', 'actor', 'target', 'details', 'address'],
        properties: {
          id: { type: 'string' },
          at: { type: 'string' },
          action: { type: 'string' },
          actor: partySchema(['id', 'email'], { id: { type: 'string' }, email: { type: 'string' } }),
          target: partySchema(['type', 'id', 'label'], { type: { type: 'string' }, id: { type: 'string' }, label: { type: 'string' } }),
          details: { type: 'object', additionalProperties: true },
          address: { type: ['string', 'null'] },
        },
      },
    },
    nextCursor: { type: ['string', 'null'] },
  },
} as const;

/** ISO text compares correctly only in one shape; Date re-renders whatever offset the caller used as UTC. */
const toUtc = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());

export async function registerAuditRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  app.post<{ Body: AuditListBody }>(
    '/api/audit/list',
    {
      config: access('audit:read'),
      schema: { body: listBody, response: { 200: listResponse, '4xx': errorResponseSchema, '5xx': errorResponseSchema } },
    },
    async (request) => {
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
  );
}
