// What a route declares about access, in its Fastify route config: the permission it needs (or
// SIGNED_IN: any valid session), the module it belongs to, whether it is public, and where it takes
// the ids of tenant-owned things (the generated security test probes those with another tenant's ids).
import type { ModuleKey } from './modules';
import type { Permission } from './permissions';

/** For routes every signed-in user may call: their own profile, password and sessions. */
export const SIGNED_IN = 'signed-in';

export type RoutePermission = Permission | typeof SIGNED_IN;

export type TenantResourceKind =
  | 'tenant'
  | 'plant'
  | 'thing'
  | 'user'
  | 'role'
  | 'session'
  | 'device'
  | 'tag'
  | 'apiKey'
  | 'webhook'
  | 'delivery'
  | 'schedule'
  | 'charger';

export interface TenantResource {
  /** Property of the body (or the query string) holding the id. */
  field: string;
  kind: TenantResourceKind;
  in?: 'body' | 'querystring';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    module?: ModuleKey;
    /** Needs no token at all (sign-in, refresh, password reset…). */
    public?: boolean;
    tenantResources?: readonly TenantResource[];
  }
}

/** Route config of a route that needs a permission (and optionally a module). */
export function access(permission: RoutePermission, extra: { module?: ModuleKey; tenantResources?: readonly TenantResource[] } = {}) {
  return { permission, ...extra };
}
