// A domain's API as handlers keyed by contract path, and the one loop that registers them: the URL is
// /api/<path>, the schemas and the access config are the contract's, and each handler's request body
// and reply are typed from its path. Adding an endpoint is its contract entry and its handler.
import { api, type ApiPath, type ApiTypes } from '@helio/contracts';
import type {
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
} from 'fastify';
import type { ServerModule } from '../server-module';
import { contractSchema } from './contract-schema';

/** The request body and the 200 answer of an endpoint, as Fastify's route generic. */
export interface ApiRouteGeneric<P extends ApiPath> {
  Body: ApiTypes[P]['request'];
  Reply: ApiTypes[P]['response'];
}

export type ApiHandler<P extends ApiPath> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ApiRouteGeneric<P>
>;

/** A handler with the few route options an endpoint may need beyond its contract. */
export interface ApiRoute<P extends ApiPath> {
  handler: ApiHandler<P>;
  /** A larger body than the API's default limit (uploads). */
  bodyLimit?: number;
  /** The handler answers schema errors itself (by field), from request.validationError. */
  attachValidation?: boolean;
}

/** Handlers keyed by contract path. */
export type ApiHandlers = { [P in ApiPath]?: ApiHandler<P> | ApiRoute<P> };

/** A module that declares only its API (server-module.ts has the rest a module may declare). */
export const apiModule = <Deps>(name: string, handlers: (deps: Deps) => ApiHandlers | undefined): ServerModule<Deps> => ({
  name,
  handlers,
});

// Generic in the path and reading the handler by it, so the handler keeps its own path's types here too.
function registerApiRoute<P extends ApiPath>(app: FastifyInstance, path: P, handlers: ApiHandlers): void {
  const route = handlers[path];
  if (!route) return;
  const { handler, ...options } = typeof route === 'function' ? { handler: route } : route;
  const endpoint = api[path];
  // a copy: hooks (security headers) add their own keys to a route's config
  app.post<ApiRouteGeneric<P>>(`/api/${path}`, { ...options, config: { ...endpoint.access }, schema: contractSchema(endpoint) }, handler);
}

/** Registers every handler of every module, in the modules' order. */
export function registerApiModules<Deps>(app: FastifyInstance, modules: readonly ServerModule<Deps, object, never>[], deps: Deps): void {
  for (const module of modules) {
    const handlers = module.handlers?.(deps);
    if (!handlers) continue;
    for (const path of Object.keys(handlers) as ApiPath[]) registerApiRoute(app, path, handlers);
  }
}
