// analytics: the fleet's overview and benchmarks (analytics/*).
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import { analyticsHandlers } from './routes';

export const analyticsModule = apiModule('analytics', ({ db, config }: { db: Kysely<Database>; config: Pick<Config, 'analytics'> }) =>
  analyticsHandlers({ db, config: config.analytics }),
);
