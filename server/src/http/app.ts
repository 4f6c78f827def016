// Assembles the HTTP server: error shape, compression, cookies, authentication and access control,
// the API routes, the device routes when device services run, and the static console with its SPA
// fallback. Every route is recorded in the route table the security test walks.
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { registerAnalyticsRoutes } from '../analytics/routes';
import { registerAuditRoutes } from '../audit/routes';
import { registerDeviceRoutes, type DeviceServices } from '../devices';
import { registerHealthRoutes } from '../health/routes';
import { installAccessControl } from '../iam/access-hook';
import { registerRoleRoutes } from '../iam/role-routes';
import { registerIamUserRoutes } from '../iam/user-routes';
import { registerAuthRoutes } from '../identity/auth-routes';
import { loadIdentityConfig, type IdentityConfig } from '../identity/identity-config';
import { decoyHash } from '../identity/passwords';
import { registerPasswordRoutes } from '../identity/password-routes';
import { refreshCookie } from '../identity/refresh-cookie';
import { registerSessionRoutes } from '../identity/session-routes';
import type { IdentityDeps } from '../identity/sign-in';
import { createTokenService } from '../identity/tokens';
import { createMailer } from '../mail/mailer';
import { logTransport, smtpTransport } from '../mail/transports';
import { registerPlantAccessRoutes } from '../plants/access-routes';
import { registerPlantDeviceRoutes } from '../plant-devices/routes';
import { registerPlantRoutes } from '../plants/routes';
import { registerPlantSettingsRoutes } from '../plants/settings-routes';
import { registerFleetRoutes } from '../plants/fleet-routes';
import { registerTagRoutes } from '../tags/routes';
import { registerRemoteControl } from '../rc';
import { registerUserRoutes } from '../users/routes';
import { createAuthenticator, installAuthentication } from './auth';
import { installCompression } from './compression';
import { installErrorHandler } from './error-handler';
import { installOpenApi } from './openapi';
import { installRouteTable, routeTableOf, undeclaredApiRoutes } from './route-table';
import { registerNotificationRoutes } from '../notifications/routes';
import { loadSpotConfig, type SpotConfig } from '../spot/spot-config';
import { registerSpotRoutes } from '../spot/routes';
import { registerForecastRoutes } from '../forecast/routes';
import { registerEvRoutes } from '../ev/routes';
import { registerOcppChargerRoutes } from '../ocpp/routes';
import { registerSeriesRoutes } from '../series/routes';
import { registerStatic } from './static';
import { registerReleases } from '../releases';
import { installTextGuard } from './text-guard';
import { createKeyAuthenticator } from '../integrations/key-auth';
import { loadIntegrationsConfig, type IntegrationsConfig } from '../integrations/integrations-config';
import { registerIntegrationRoutes } from '../integrations/routes';
import { registerMissingTranslationRoute } from './missing-translations';
import { API_BODY_LIMIT, installBodyLimits } from './body-limits';
import { installProxyWarning } from './proxy-warning';
import { registerCspReportRoute } from './csp-reports';
import { installSecurityHeaders } from './security-headers';

export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  devices?: DeviceServices;
  /** true: log through Fastify's logger at config.logLevel (main); default silent (tests). */
  log?: boolean;
  /** Mail, public URL and proxy settings; read from the environment when not given. */
  identity?: IdentityConfig;
  /** Spot price source and exchange rate; read from the environment when not given. */
  spot?: SpotConfig;
  /** API key and webhook settings; read from the environment when not given. */
  integrations?: IntegrationsConfig;
  /** Where a warning about the set-up goes (an unbelieved X-Forwarded-For); default the app's log. */
  warn?: (message: string) => void;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { db, config, devices } = deps;
  const identity = deps.identity ?? loadIdentityConfig();
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
  const integrations = deps.integrations ?? loadIntegrationsConfig();
  const spot = deps.spot ?? loadSpotConfig();
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
  const identityDeps: IdentityDeps = { db, tokens, mailer, cookie: refreshCookie(config.secureCookies), consoleUrl };

  await registerHealthRoutes(app, { db });
  await registerCspReportRoute(app);
  await registerAuthRoutes(app, identityDeps);
  await registerPasswordRoutes(app, identityDeps);
  await registerSessionRoutes(app, identityDeps);
  await registerUserRoutes(app, { db });
  await registerIamUserRoutes(app, { db, mailer, consoleUrl });
  await registerRoleRoutes(app, { db });
  await registerAuditRoutes(app, { db });
  await registerPlantRoutes(app, { db });
  await registerPlantSettingsRoutes(app, { db, devices });
  await registerPlantAccessRoutes(app, { db, mailer, consoleUrl });
  await registerPlantDeviceRoutes(app, { db });
  await registerTagRoutes(app, { db });
  if (devices) await registerDeviceRoutes(app, { db, devices });
  // OCPP chargers connect to the console's own port: WebSocket upgrades of /ocpp/{chargePointId}.
  if (devices) devices.ocpp.attach(app);
  if (devices) await registerFleetRoutes(app, { db, devices });
  if (devices) await registerRemoteControl(app, { db, devices });
  await registerSeriesRoutes(app, { db });
  await registerNotificationRoutes(app, { db });
  await registerSpotRoutes(app, { db, config: spot });
  await registerForecastRoutes(app, { db, spot });
  await registerIntegrationRoutes(app, { db, config: integrations, spot, devices });
  await registerAnalyticsRoutes(app, { db });
  if (devices) await registerEvRoutes(app, { db, shadows: devices.shadows, spot });
  if (devices) {
    const { ocpp } = devices;
    await registerOcppChargerRoutes(app, {
      db,
      consoleUrl,
      revoke: (chargerId, reason) => ocpp.revoke(chargerId, reason),
      commands: ocpp.commands,
    });
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
