// The audit log: who did what to whom, when and from where. Sign-ins, failed sign-ins, password and
// session changes and every IAM change are recorded; admins read it per tenant, newest first.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export { AUDIT_ACTIONS, type AuditAction } from '@helio/contracts';
import type { AuditAction } from '@helio/contracts';

export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditTarget {
  type: 'user' | 'role' | 'session' | 'plant' | 'tag' | 'api_key' | 'webhook';
  id: string;
  label: string;
}

export interface AuditEntry {
  /** null only for failed sign-ins of usernames that belong to no one. */
  tenantId: string | null;
  action: AuditAction;
  actor?: AuditActor | null;
  target?: AuditTarget | null;
  details?: Record<string, unknown>;
  address?: string | null;
}

export interface AuditEventView {
  id: string;
  at: string;
  action: string;
  actor: AuditActor | null;
  target: AuditTarget | null;
  details: Record<string, unknown>;
  address: string | null;
}

export interface AuditQuery {
  tenantId: string;
  actions?: readonly string[];
  actorId?: string;
  targetId?: string;
  /** ISO-8601, inclusive. */
  from?: string;
  /** ISO-8601, exclusive. */
  to?: string;
  limit: number;
  /** nextCursor of the previous page. */
  cursor?: string;
}

export async function recordAudit(db: Kysely<Database>, entry: AuditEntry, now: Date = new Date()): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: randomUUID(),
      tenant_id: entry.tenantId,
      actor_id: entry.actor?.id ?? null,
      actor_email: entry.actor?.email ?? null,
      action: entry.action,
      target_type: entry.target?.type ?? null,
      target_id: entry.target?.id ?? null,
      target_label: entry.target?.label ?? null,
      details: JSON.stringify(entry.details ?? {}),
      address: entry.address ?? null,
      created_at: now.toISOString(),
    })
    .execute();
}

const encodeCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

function decodeCursor(cursor: string): [string, string] | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    return Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string') ? [value[0], value[1]] : undefined;
  } catch {
    return undefined;
  }
}

function parseDetails(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export class InvalidCursorError extends Error {}

export async function listAudit(db: Kysely<Database>, query: AuditQuery): Promise<{ events: AuditEventView[]; nextCursor: string | null }> {
  let select = db.selectFrom('audit_events').selectAll().where('tenant_id', '=', query.tenantId);
  if (query.actions && query.actions.length > 0) select = select.where('action', 'in', [...query.actions]);
  if (query.actorId) select = select.where('actor_id', '=', query.actorId);
  if (query.targetId) select = select.where('target_id', '=', query.targetId);
  if (query.from) select = select.where('created_at', '>=', query.from);
  if (query.to) select = select.where('created_at', '<', query.to);
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    if (!after) throw new InvalidCursorError('Unknown cursor');
    const [at, id] = after;
    select = select.where((eb) => eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]));
  }
  const rows = await select
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    events: page.map((row) => ({
      id: row.id,
      at: row.created_at,
      action: row.action,
      actor: row.actor_id !== null ? { id: row.actor_id, email: row.actor_email ?? '' } : null,
      target:
        row.target_type !== null && row.target_id !== null
          ? { type: row.target_type as AuditTarget['type'], id: row.target_id, label: row.target_label ?? '' }
          : null,
      details: parseDetails(row.details),
      address: row.address,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null,
  };
}
