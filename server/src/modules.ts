// The server's domains, in one list: each one's API handlers keyed by contract path (its module.ts).
// buildApp registers every route from this list (http/api-module.ts); an endpoint is added in its
// domain's module, never here.
import type { Kysely } from 'kysely';
import { analyticsModule } from './analytics/module';
import { auditModule } from './audit/module';
import type { Config } from './config';
import type { Database } from './db/schema';
import { devicesModule } from './devices/module';
import type { DeviceServices } from './devices/services';
import { evModule } from './ev/module';
import { forecastModule } from './forecast/module';
import type { ApiModule } from './http/api-module';
import { iamModule } from './iam/module';
import { identityModule } from './identity/module';
import type { IdentityDeps } from './identity/sign-in';
import type { IntegrationsConfig } from './integrations/integrations-config';
import { integrationsModule } from './integrations/module';
import type { Mailer } from './mail/mailer';
import { ocppModule } from './ocpp/module';
import { notificationsModule } from './notifications/module';
import { plantDevicesModule } from './plant-devices/module';
import { plantsModule } from './plants/module';
import { pushModule } from './push/module';
import { rcModule } from './rc/module';
import { releasesModule } from './releases/module';
import { reportsModule } from './reports/module';
import { seriesModule } from './series/module';
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
  identity: IdentityDeps;
  mailer: Mailer;
  consoleUrl: string;
  spot: SpotConfig;
  integrations: IntegrationsConfig;
  logError: (message: string) => void;
  onClose: (stop: () => void) => void;
}

export const modules: readonly ApiModule<ModuleDeps>[] = [
  identityModule,
  usersModule,
  iamModule,
  auditModule,
  plantsModule,
  plantDevicesModule,
  tagsModule,
  devicesModule,
  rcModule,
  seriesModule,
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
];
