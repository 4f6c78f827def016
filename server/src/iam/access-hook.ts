// The one place permissions and modules are enforced: a preHandler on every route that declares a
// permission (iam/route-access.ts). It runs after body validation and before the route's handler, so
// the order of answers is 400 (bad body), 401 (no valid session), 403 (not allowed), then the route's own.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors';
import { SIGNED_IN } from './route-access';

export const forbiddenPermission = (permission: string) =>
  new ApiError(403, 'Forbidden', `You do not have the ${permission} permission`, { permission });

export const forbiddenModule = (module: string) =>
  new ApiError(403, 'Forbidden', `The ${module} module is not enabled for you`, { module });

async function enforce(request: FastifyRequest): Promise<void> {
  const { permission, module } = request.routeOptions.config;
  if (permission === undefined && module === undefined) return;
  request.user ??= await request.server.authenticator.authenticate(request.headers.authorization);
  // An API key acts on plants, not as a person: account routes (profile, password, own schedule) are not its.
  if (permission === SIGNED_IN && request.user.apiKey) throw new ApiError(403, 'Forbidden', 'API keys cannot use account routes');
  if (permission !== undefined && permission !== SIGNED_IN && !request.user.permissions.includes(permission)) {
    throw forbiddenPermission(permission);
  }
  if (module !== undefined && !request.user.modules.includes(module)) throw forbiddenModule(module);
}

/** Installs the access check on the root; call it before routes are registered. */
export function installAccessControl(app: FastifyInstance): void {
  app.addHook('preHandler', enforce);
}
