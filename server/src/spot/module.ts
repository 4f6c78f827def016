// spot: the day-ahead prices (spot/prices).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordImport } from '../integrations/import-record';
import type { JobDeps } from '../modules';
import { serverModule, tables } from '../server-module';
import type { SpotTables } from './tables';
import { spotMigration } from './migrations/010-spot-prices';
import { tenantSpotPricesMigration } from './migrations/063-tenant-spot-prices';
import { startPriceImport } from './price-import';
import { spotHandlers } from './routes';
import type { SpotConfig } from './spot-config';

export const spotModule = serverModule({
  name: 'spot',
  tables: tables<SpotTables>(),
  migrations: {
    '010_spot_prices': spotMigration,
    '063_tenant_spot_prices': tenantSpotPricesMigration,
  },
  // the day-ahead prices fetched each day (one replica), each import recorded with the integrations' imports
  jobs: ({ db, config, log, leaseTtlMs, holder }: Pick<JobDeps, 'db' | 'config' | 'log' | 'leaseTtlMs' | 'holder'>) => [
    startPriceImport({
      db,
      leaseTtlMs,
      holder,
      config: config.spot,
      log,
      onImport: (outcome) =>
        recordImport(db, {
          tenantId: null,
          kind: 'spot',
          source: config.spot.pricesUrl ?? '',
          rows: outcome.rows,
          errors: outcome.error === null ? [] : [outcome.error],
        }),
    }),
  ],
  handlers: ({ db, spot }: { db: Kysely<Database>; spot: SpotConfig }) => spotHandlers({ db, config: spot }),
});
