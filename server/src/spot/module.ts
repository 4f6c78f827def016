// spot: the day-ahead prices (spot/prices).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import { spotHandlers } from './routes';
import type { SpotConfig } from './spot-config';

export const spotModule = apiModule('spot', ({ db, spot }: { db: Kysely<Database>; spot: SpotConfig }) =>
  spotHandlers({ db, config: spot }),
);
