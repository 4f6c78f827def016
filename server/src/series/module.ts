// series: a plant's stored metrics and their time series (metric/*).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import { seriesHandlers } from './routes';

export const seriesModule = apiModule('series', ({ db }: { db: Kysely<Database> }) => seriesHandlers({ db }));
