// Every route the app registers, collected as it is registered, so tests and start-up checks can walk
// the real route table (a new endpoint shows up here without anyone listing it).
import type { FastifyContextConfig, FastifyInstance, FastifySchema } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
  schema?: FastifySchema;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Call before any route is registered. HEAD twins of GET routes are left out. */
export function installRouteTable(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  tables.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, config: (route.config ?? {}) as FastifyContextConfig, schema: route.schema });
    }
  });
}

export function routeTableOf(app: FastifyInstance): readonly RouteEntry[] {
  const routes = tables.get(app);
  if (!routes) throw new Error('installRouteTable was not called on this app');
  return routes;
}

export const isApiRoute = (route: RouteEntry): boolean => route.url === '/api' || route.url.startsWith('/api/');

/** API routes that declare neither a permission nor that they are public. */
export function undeclaredApiRoutes(routes: readonly RouteEntry[]): string[] {
  return routes
    .filter((r) => isApiRoute(r) && r.config.permission === undefined && r.config.public !== true)
    .map((r) => `${r.method} ${r.url}`);
}
