// Assembles the HTTP server: error shape, compression, cookies, authentication and access control,
// every JSON endpoint of the contract from the domains' modules (modules.ts), the live stream and OCPP
// when device services run, and the static console with its SPA fallback. Every route is recorded in the route table the security test walks.
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ClusterBus } from '../cluster/bus';
import { processBus } from '../cluster/start-bus';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot';
import { registerLiveRoute } from '../iot/live/live';
import { registerHealthRoutes } from '../health/routes';
import { installAccessControl } from '../iam/access-hook';
import { registerJwksRoute } from '../auth/auth-routes';
import { modules, type ModuleDeps } from '../modules';
import { registerApiModules } from './api-module';
import { KeptCounters } from '../analytics/closed-counters';
import { PlantLookup } from '../plants/access';
import type { IdentityConfig } from '../auth/identity-config';
import { decoyHash } from '../auth/passwords';
import { refreshCookie } from '../auth/refresh-cookie';
import type { IdentityDeps } from '../auth/sign-in';
import { createTokenService } from '../auth/tokens';
import { createMailer } from '../mail/mailer';
import { logTransport, smtpTransport } from '../mail/transports';
import { createAuthenticator, installAuthentication } from './auth';
import { installCompression } from './compression';
import { installErrorHandler } from './error-handler';
import { installOpenApi } from './openapi';
import { installRouteTable, routeTableOf, undeclaredApiRoutes } from './route-table';
import type { SpotConfig } from '../spot/spot-config';
import { registerStatic } from './static';
import { registerReleases } from '../releases';
import { installTextGuard } from './text-guard';
import { createKeyAuthenticator } from '../integrations/key-auth';
import type { IntegrationsConfig } from '../integrations/integrations-config';
import { registerMissingTranslationRoute } from './missing-translations';
import { API_BODY_LIMIT, installBodyLimits } from './body-limits';
import { installProxyWarning } from './proxy-warning';
import { registerCspReportRoute } from './csp-reports';
import { installSecurityHeaders } from './security-headers';

export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  devices?: DeviceServices;
  /** This replica's cluster bus; default the device services' (the one they were started with), else one for this process. */
  bus?: ClusterBus;
  /** true: log through Fastify's logger at config.logLevel (main); default silent (tests). */
  log?: boolean;
  /** Mail, public URL and proxy settings; config.identity when not given. */
  identity?: IdentityConfig;
  /** Spot price source and exchange rate; config.spot when not given. */
  spot?: SpotConfig;
  /** API key and webhook settings; config.integrations when not given. */
  integrations?: IntegrationsConfig;
  /** Where a warning about the set-up goes (an unbelieved X-Forwarded-For); default the app's log. */
  warn?: (message: string) => void;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { db, config, devices } = deps;
  const bus = deps.bus ?? devices?.bus ?? processBus(db);
  const plants = new PlantLookup(db);
  const identity = deps.identity ?? config.identity;
  const app = Fastify({
    trustProxy: identity.trustProxy,
    logger: deps.log ? { level: config.logLevel } : false,
    // One line per request only when debugging; device polling and SSE would drown everything else.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    bodyLimit: API_BODY_LIMIT,
    // a clean shutdown must not wait for idle keep-alive connections or open live streams
    forceCloseConnections: true,
    // Bodies are checked, not repaired: extra properties and wrong types are a 400, never coerced away.
    // Validation stops at the first error: a body of a million wrong items must not cost a million
    // error objects (nor an answer that echoes them all).
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });

  installRouteTable(app);
  await installOpenApi(app, '0.1.0');
  installErrorHandler(app);
  installTextGuard(app);
  installBodyLimits(app);
  installProxyWarning(app, deps.warn ?? ((message) => app.log.warn(message)));
  installCompression(app);
  await installSecurityHeaders(app, config);
  await app.register(fastifyCookie);

  const tokens = await createTokenService(db);
  const integrations = deps.integrations ?? config.integrations;
  const spot = deps.spot ?? config.spot;
  const apiKeys = createKeyAuthenticator(db, { pepper: integrations.keyPepper, ratePerMinute: integrations.keyRatePerMinute });
  installAuthentication(app, createAuthenticator(db, tokens, apiKeys));
  installAccessControl(app);
  void decoyHash(); // computed now, so the first unknown-user sign-in is not the slow one

  const mailer = createMailer(
    db,
    identity.smtpUrl ? smtpTransport(identity.smtpUrl, identity.mailFrom) : logTransport((line) => app.log.info(line)),
    { onError: (message) => app.log.error(message) },
  );
  app.addHook('onClose', () => mailer.close());
  const consoleUrl = identity.publicUrl ?? `http://localhost:${config.port}`;
  const identityDeps: IdentityDeps = { db, bus, tokens, mailer, cookie: refreshCookie(config.secureCookies), consoleUrl };

  await registerHealthRoutes(app, { db });
  await registerCspReportRoute(app);
  registerJwksRoute(app, identityDeps);
  // Every JSON endpoint of the contract, from the domains' modules.
  registerApiModules<ModuleDeps>(app, modules, {
    db,
    config,
    devices,
    bus,
    identity: identityDeps,
    mailer,
    consoleUrl,
    spot,
    integrations,
    plants,
    counters: new KeptCounters(db),
    logError: (message) => app.log.error(message),
    onClose: (stop) => app.addHook('onClose', async () => stop()),
  });
  if (devices) {
    // the live stream (server-sent events, its own contract) and OCPP chargers, which connect to the
    // console's own port: WebSocket upgrades of /ocpp/{chargePointId}
    await registerLiveRoute(app, { db, plants, shadows: devices.shadows, live: devices.live, bus });
    devices.ocpp.attach(app);
  }
  await registerMissingTranslationRoute(app, { enabled: config.recordMissingTranslations, dataDir: config.dataDir });
  await registerStatic(app, config.publicDir, await registerReleases(app, { db, config }));

  app.addHook('onReady', async () => {
    const undeclared = undeclaredApiRoutes(routeTableOf(app));
    if (undeclared.length > 0) app.log.warn(`API routes without config.permission (only their own checks apply): ${undeclared.join(', ')}`);
  });
  mailer.kick(); // mail a previous run left in the outbox
  return app;
}
