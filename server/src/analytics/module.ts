// analytics: the fleet's overview and benchmarks (analytics/*).
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import type { KeptCounters } from './closed-counters';
import { analyticsHandlers } from './routes';

export const analyticsModule = apiModule(
  'analytics',
  ({ db, config, counters }: { db: Kysely<Database>; config: Pick<Config, 'analytics'>; counters: KeptCounters }) =>
    analyticsHandlers({ db, config: config.analytics, counters }),
);
