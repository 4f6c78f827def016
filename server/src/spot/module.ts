// spot: the day-ahead prices (spot/prices).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { serverModule, tables } from '../server-module';
import type { SpotTables } from './tables';
import { spotMigration } from './migrations/010-spot-prices';
import { tenantSpotPricesMigration } from './migrations/063-tenant-spot-prices';
import { spotHandlers } from './routes';
import type { SpotConfig } from './spot-config';

export const spotModule = serverModule({
  name: 'spot',
  tables: tables<SpotTables>(),
  migrations: {
    '010_spot_prices': spotMigration,
    '063_tenant_spot_prices': tenantSpotPricesMigration,
  },
  handlers: ({ db, spot }: { db: Kysely<Database>; spot: SpotConfig }) => spotHandlers({ db, config: spot }),
});
