// forecast: a plant's production forecast and its accuracy (forecast/*).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import type { SpotConfig } from '../spot/spot-config';
import { forecastHandlers } from './routes';

export const forecastModule = apiModule('forecast', ({ db, spot }: { db: Kysely<Database>; spot: SpotConfig }) =>
  forecastHandlers({ db, spot }),
);
