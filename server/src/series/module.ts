// series: a plant's stored metrics and their time series (metric/*), and the server's retention tiers (series/tiers*).
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import { seriesHandlers } from './routes';
import { seriesTierHandlers } from './tier-routes';
import { defaultTierDays } from './tier-settings';

export const seriesModule = apiModule(
  'series',
  ({
    db,
    config,
  }: {
    db: Kysely<Database>;
    config: Pick<Config, 'rawRetentionDays' | 'rollupRetentionDays' | 'releasesOrganisation'>;
  }) => ({
    ...seriesHandlers({ db }),
    ...seriesTierHandlers({ db, defaults: defaultTierDays(config), organisation: config.releasesOrganisation }),
  }),
);
