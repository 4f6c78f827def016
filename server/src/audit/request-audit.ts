// Audit entries for what the signed-in caller of a request did. Apart from audit-log.ts, which the
// browser's audit filter test reads for its list of actions, so it stays free of Fastify's request type.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordAudit, type AuditAction, type AuditTarget } from './audit-log';

/** A plant as the target of an audit event. */
export const plantTarget = (plant: { id: string; name: string }): AuditTarget => ({ type: 'plant', id: plant.id, label: plant.name });

/** Who made a request: the signed-in user and their address. Store modules take this, not the whole request. */
export type RequestCaller = Pick<FastifyRequest, 'user' | 'ip'>;

/** Records what the signed-in caller of `request` did, from their address, in their tenant. */
export function recordRequestAudit(
  db: Kysely<Database>,
  request: RequestCaller,
  action: AuditAction,
  target: AuditTarget | null,
  details: Record<string, unknown>,
): Promise<void> {
  return recordAudit(db, {
    tenantId: request.user.tenantId,
    action,
    actor: { id: request.user.sub, email: request.user.email },
    target,
    details,
    address: request.ip,
  });
}
