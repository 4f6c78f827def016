// series: a plant's stored metrics and their time series (metric/*).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobDeps } from '../modules';
import { serverModule, tables } from '../server-module';
import type { SeriesTables } from './tables';
import { seriesMigration } from './migrations/005-series';
import { dayProductionMigration } from './migrations/060-day-production';
import { seriesBlocksMigration } from './migrations/071-series-blocks';
import { startRawRetention } from './retention';
import { seriesHandlers } from './routes';
import { startSeriesPacking } from './series-packer';

export const seriesModule = serverModule({
  name: 'series',
  tables: tables<SeriesTables>(),
  migrations: {
    '005_series': seriesMigration,
    '060_day_production': dayProductionMigration,
    '071_series_blocks': seriesBlocksMigration,
  },
  jobs: ({
    db,
    config,
    log,
    devices,
    leaseTtlMs,
    holder,
  }: Pick<JobDeps, 'db' | 'config' | 'log' | 'devices' | 'leaseTtlMs' | 'holder'>) => [
    startRawRetention({
      db,
      retentionDays: config.rawRetentionDays,
      rollupRetentionDays: config.rollupRetentionDays,
      log,
      leaseTtlMs,
      holder,
    }),
    // packs closed hours, and an upgraded database's history in batches, while ingest goes on
    startSeriesPacking({ db, log, leaseTtlMs, holder, after: devices.shadows.idle() }),
  ],
  handlers: ({ db }: { db: Kysely<Database> }) => seriesHandlers({ db }),
});
