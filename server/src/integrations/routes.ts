// The integrations module's routes: API keys, webhooks, data sources and imports.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../devices';
import type { SpotConfig } from '../spot/spot-config';
import { registerHistoryRoutes } from './history-routes';
import type { IntegrationsConfig } from './integrations-config';
import { registerKeyRoutes } from './key-routes';
import { registerSourcesRoutes } from './sources-routes';
import { registerWebhookRoutes } from './webhook-routes';

export interface IntegrationRouteDeps {
  db: Kysely<Database>;
  config: IntegrationsConfig;
  spot: SpotConfig;
  devices?: DeviceServices;
}

export async function registerIntegrationRoutes(app: FastifyInstance, deps: IntegrationRouteDeps): Promise<void> {
  await registerKeyRoutes(app, { db: deps.db, pepper: deps.config.keyPepper });
  await registerWebhookRoutes(app, { db: deps.db, allowPrivate: deps.config.webhookAllowPrivate });
  await registerSourcesRoutes(app, deps);
  await registerHistoryRoutes(app, { db: deps.db });
}
