// integrations: API keys, webhooks, data sources and imports (integration/*).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../devices/services';
import { apiModule } from '../http/api-module';
import type { SpotConfig } from '../spot/spot-config';
import { historyHandlers } from './history-routes';
import type { IntegrationsConfig } from './integrations-config';
import { keyHandlers } from './key-routes';
import { sourcesHandlers } from './sources-routes';
import { webhookHandlers } from './webhook-routes';

export interface IntegrationDeps {
  db: Kysely<Database>;
  integrations: IntegrationsConfig;
  spot: SpotConfig;
  devices?: DeviceServices;
}

export const integrationsModule = apiModule('integrations', ({ db, integrations, spot, devices }: IntegrationDeps) => ({
  ...keyHandlers({ db, pepper: integrations.keyPepper }),
  ...webhookHandlers({ db, allowPrivate: integrations.webhookAllowPrivate }),
  ...sourcesHandlers({ db, devices, spot }),
  ...historyHandlers({ db }),
}));
