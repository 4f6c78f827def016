// analytics: the fleet's overview and benchmarks (analytics/*).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import { analyticsHandlers } from './routes';

export const analyticsModule = apiModule('analytics', ({ db }: { db: Kysely<Database> }) => analyticsHandlers({ db }));
