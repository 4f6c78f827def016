// The server's domains, in one list: what each one's module.ts declares (server-module.ts), its API
// handlers keyed by contract path, its tables, its migrations. buildApp registers every route from this
// list (http/api-module.ts), `Database` is its tables (db/schema.ts), the migrations are its
// migrations in name order (db/migrations.ts) and main.ts starts its jobs; an endpoint, a table or a migration is added in its
// domain's module, never here. A new domain's module joins the list.
import type { Kysely } from 'kysely';
import type { KeptCounters } from './analytics/closed-counters';
import { analyticsModule } from './analytics/module';
import { auditModule } from './audit/module';
import type { ClusterBus } from './cluster/bus';
import type { Config } from './config';
import { coreModule } from './db/module';
import type { Database } from './db/schema';
import { iotModule } from './iot/module';
import type { DeviceServices } from './iot/services';
import { evModule } from './ev/module';
import { forecastModule } from './forecast/module';
import { iamModule } from './iam/module';
import { jobsModule } from './jobs/module';
import { authModule } from './auth/module';
import type { IdentityDeps } from './auth/sign-in';
import type { IntegrationsConfig } from './integrations/integrations-config';
import { integrationsModule } from './integrations/module';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import { mailModule } from './mail/module';
import { ocppModule } from './ocpp/module';
import { notificationsModule } from './notifications/module';
import { deviceModule } from './device/module';
import type { PlantLookup } from './plants/access';
import { plantsModule } from './plants/module';
import { pushModule } from './push/module';
import { rcModule } from './rc/module';
import { releasesModule } from './releases/module';
import { reportsModule } from './reports/module';
import { metricModule } from './metric/module';
import { seriesModule } from './series/module';
import type { ServerModule, TablesOf } from './server-module';
import { spotModule } from './spot/module';
import type { SpotConfig } from './spot/spot-config';
import { tagsModule } from './tags/module';
import { usersModule } from './users/module';

/** What the modules are made from; each takes the part it needs. */
export interface ModuleDeps {
  db: Kysely<Database>;
  config: Config;
  /** The device services, when they run (not in most tests); modules that need them register nothing without. */
  devices?: DeviceServices;
  /** This replica's cluster bus: what a handler announces after its change commits. */
  bus: ClusterBus;
  identity: IdentityDeps;
  mailer: Mailer;
  consoleUrl: string;
  spot: SpotConfig;
  integrations: IntegrationsConfig;
  /** The plant lookups of the hot calls (shadow reads, live streams, desired writes, history), kept a moment. */
  plants: PlantLookup;
  /** The fleet's kept counter rows, shared by the analytics pages and the report PDFs. */
  counters: KeptCounters;
  logError: (message: string) => void;
  onClose: (stop: () => void) => void;
}

/** What the modules' jobs are made from (main.ts starts them once the app is built). */
export interface JobDeps {
  db: Kysely<Database>;
  config: Config;
  log: Logger;
  devices: DeviceServices;
  /** A leader lease's time to live (config.jobLeaseTtlMs). */
  leaseTtlMs: number;
  /**
   * This replica's name on the leases it takes, stable per host and port, so a replica restarted after a
   * crash takes its leases back at once instead of waiting for them to expire.
   */
  holder: string;
}

export const modules = [
  coreModule,
  jobsModule,
  mailModule,
  authModule,
  usersModule,
  iamModule,
  auditModule,
  plantsModule,
  deviceModule,
  tagsModule,
  iotModule,
  rcModule,
  seriesModule,
  metricModule,
  notificationsModule,
  pushModule,
  spotModule,
  forecastModule,
  integrationsModule,
  analyticsModule,
  evModule,
  ocppModule,
  releasesModule,
  reportsModule,
] as const satisfies readonly ServerModule<ModuleDeps, object, JobDeps>[];

/** Every module's tables: `Database` (db/schema.ts). */
export type ModuleTables = TablesOf<typeof modules>;
