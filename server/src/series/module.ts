// series: a plant's stored metrics and their time series (metric/*).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { serverModule, tables } from '../server-module';
import type { SeriesTables } from './tables';
import { seriesMigration } from './migrations/005-series';
import { dayProductionMigration } from './migrations/060-day-production';
import { seriesBlocksMigration } from './migrations/071-series-blocks';
import { seriesHandlers } from './routes';

export const seriesModule = serverModule({
  name: 'series',
  tables: tables<SeriesTables>(),
  migrations: {
    '005_series': seriesMigration,
    '060_day_production': dayProductionMigration,
    '071_series_blocks': seriesBlocksMigration,
  },
  handlers: ({ db }: { db: Kysely<Database> }) => seriesHandlers({ db }),
});
