// Assembles the HTTP server: error shape, compression, cookies, authentication, the API routes, the
// device routes when device services run, and the static console with its SPA fallback.
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { registerDeviceRoutes, type DeviceServices } from '../devices';
import { registerHealthRoutes } from '../health/routes';
import { registerAuthRoutes } from '../identity/auth-routes';
import { decoyHash } from '../identity/passwords';
import { createTokenService } from '../identity/tokens';
import { registerPlantRoutes } from '../plants/routes';
import { registerUserRoutes } from '../users/routes';
import { createAuthenticator, installAuthentication } from './auth';
import { installCompression } from './compression';
import { installErrorHandler } from './error-handler';
import { registerStatic } from './static';

export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  devices?: DeviceServices;
  /** true: log through Fastify's logger at config.logLevel (main); default silent (tests). */
  log?: boolean;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { db, config, devices } = deps;
  const app = Fastify({
    logger: deps.log ? { level: config.logLevel } : false,
    // One line per request only when debugging; device polling and SSE would drown everything else.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    bodyLimit: 1024 * 1024,
    // Bodies are checked, not repaired: extra properties and wrong types are a 400, never coerced away.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
  });

  installErrorHandler(app);
  installCompression(app);
  await app.register(fastifyCookie);

  const tokens = await createTokenService(db);
  installAuthentication(app, createAuthenticator(db, tokens));
  void decoyHash(); // computed now, so the first unknown-user sign-in is not the slow one

  await registerHealthRoutes(app, { db });
  await registerAuthRoutes(app, { db, config, tokens });
  await registerUserRoutes(app, { db });
  await registerPlantRoutes(app, { db });
  if (devices) await registerDeviceRoutes(app, { db, devices });
  await registerStatic(app, config.publicDir);
  return app;
}
