// forecast: a plant's production forecast and its accuracy (forecast/*).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobDeps } from '../modules';
import { serverModule, tables } from '../server-module';
import type { ForecastTables } from './tables';
import { forecastsMigration } from './migrations/026-forecasts';
import type { SpotConfig } from '../spot/spot-config';
import { startForecastIssuer } from './issuer';
import { forecastHandlers } from './routes';

export const forecastModule = serverModule({
  name: 'forecast',
  tables: tables<ForecastTables>(),
  migrations: {
    '026_forecasts': forecastsMigration,
  },
  jobs: ({
    db,
    config,
    log,
    devices,
    leaseTtlMs,
    holder,
  }: Pick<JobDeps, 'db' | 'config' | 'log' | 'devices' | 'leaseTtlMs' | 'holder'>) => [
    startForecastIssuer({ db, config: config.forecast, log, after: devices.shadows.idle(), leaseTtlMs, holder }),
  ],
  handlers: ({ db, spot }: { db: Kysely<Database>; spot: SpotConfig }) => forecastHandlers({ db, spot }),
});
