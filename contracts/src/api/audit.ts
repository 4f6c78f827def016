// audit/list: the tenant's audit log, newest first, filtered and paged by an opaque cursor.
import { Type, type Static } from '@sinclair/typebox';
import { AUDIT_ACTIONS, AUDIT_PAGE_MAX } from '../limits/audit';
import { Dictionary, endpoint, Id, Nullable, strict, StringEnum, type EndpointTypes, access } from './common';

const Instant = Type.String({ format: 'date-time', maxLength: 40 });

export const AuditQuery = Type.Object(
  {
    actions: Type.Optional(Type.Array(StringEnum(AUDIT_ACTIONS), { maxItems: AUDIT_ACTIONS.length, uniqueItems: true })),
    actorId: Type.Optional(Id),
    targetId: Type.Optional(Id),
    /** ISO-8601, inclusive */
    from: Type.Optional(Instant),
    /** ISO-8601, exclusive */
    to: Type.Optional(Instant),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  },
  strict,
);
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditEvent = Type.Object({
  id: Type.String(),
  at: Type.String(),
  action: Type.String(),
  actor: Nullable(Type.Object({ id: Type.String(), email: Type.String() })),
  target: Nullable(Type.Object({ type: Type.String(), id: Type.String(), label: Type.String() })),
  details: Dictionary(Type.Unknown()),
  address: Nullable(Type.String()),
});
export type AuditEvent = Static<typeof AuditEvent>;

export const auditEndpoints = {
  'audit/list': endpoint(
    AuditQuery,
    Type.Object({ events: Type.Array(AuditEvent), nextCursor: Nullable(Type.String()) }),
    access('audit:read'),
  ),
};
export type AuditEndpoints = EndpointTypes<typeof auditEndpoints>;
