// What a route declares about access, in its Fastify route config: the permission it needs (or
// SIGNED_IN: any valid session), the module it belongs to, whether it is public, and where it takes
// the ids of tenant-owned things (the generated security test probes those with another tenant's ids).
// A JSON endpoint's access is its contract's (`access` in @helio/contracts); the few routes outside the
// contract (health, the live stream, the OpenAPI document) declare theirs with the same helper.
import type { EndpointPermission, ModuleKey, TenantResource } from '@helio/contracts';

export { access, SIGNED_IN, type TenantResource, type TenantResourceKind } from '@helio/contracts';

export type RoutePermission = EndpointPermission;

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    module?: ModuleKey;
    /** Needs no token at all (sign-in, refresh, password reset…). */
    public?: boolean;
    tenantResources?: readonly TenantResource[];
  }
}
