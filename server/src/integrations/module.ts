// integrations: API keys, webhooks, data sources and imports (integration/*).
import type { Kysely } from 'kysely';
import type { ClusterBus } from '../cluster/bus';
import type { Database } from '../db/schema';
import type { DeviceServices } from '../iot/services';
import type { JobDeps } from '../modules';
import { serverModule, tables } from '../server-module';
import type { IntegrationTables } from './tables';
import { integrationsMigration } from './migrations/035-integrations';
import { apiKeyRateMigration } from './migrations/051-api-key-rates';
import { keyCreatorsMigration } from './migrations/062-key-creators';
import { rollupRebuildsMigration } from './migrations/064-rollup-rebuilds';
import { webhookRedeliveriesMigration } from './migrations/065-webhook-redeliveries';
import type { SpotConfig } from '../spot/spot-config';
import { historyHandlers } from './history-routes';
import type { IntegrationsConfig } from './integrations-config';
import { keyHandlers } from './key-routes';
import { REBUILD_POLL_MS, startRollupRebuilder } from './rollup-rebuilds';
import { sourcesHandlers } from './sources-routes';
import { webhookHandlers } from './webhook-routes';
import { startWebhookSender } from './webhook-sender';

export interface IntegrationDeps {
  db: Kysely<Database>;
  bus: ClusterBus;
  integrations: IntegrationsConfig;
  spot: SpotConfig;
  devices?: DeviceServices;
}

export const integrationsModule = serverModule({
  name: 'integrations',
  tables: tables<IntegrationTables>(),
  migrations: {
    '035_integrations': integrationsMigration,
    '051_api_key_rates': apiKeyRateMigration,
    '062_key_creators': keyCreatorsMigration,
    '064_rollup_rebuilds': rollupRebuildsMigration,
    '065_webhook_redeliveries': webhookRedeliveriesMigration,
  },
  // on every replica: the webhook deliveries each one claims, and imported days' roll-ups, rebuilt after the
  // import's answer (woken by this replica's imports, polled for other replicas')
  jobs: ({ db, config, log }: Pick<JobDeps, 'db' | 'config' | 'log'>) => [
    startWebhookSender({
      db,
      log,
      concurrency: config.integrations.webhookConcurrency,
      timeoutMs: config.integrations.webhookTimeoutMs,
      pollMs: config.integrations.webhookPollMs,
      allowPrivate: config.integrations.webhookAllowPrivate,
    }),
    startRollupRebuilder({ db, log, pollMs: REBUILD_POLL_MS, journaled: config.rollupJournalMs > 0 }),
  ],
  handlers: ({ db, bus, integrations, spot, devices }: IntegrationDeps) => ({
    ...keyHandlers({ db, bus, pepper: integrations.keyPepper }),
    ...webhookHandlers({ db, allowPrivate: integrations.webhookAllowPrivate }),
    ...sourcesHandlers({ db, devices, spot }),
    ...historyHandlers({ db }),
  }),
});
