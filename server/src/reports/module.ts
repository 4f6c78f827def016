// reports: the monthly plant report, its subscription and its PDF (reports/*). The monthly mail is
// a leader job started by main.ts (monthly-mail.ts).
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import { reportHandlers } from './routes';

export const reportsModule = apiModule('reports', ({ db, config }: { db: Kysely<Database>; config: Pick<Config, 'analytics'> }) =>
  reportHandlers({ db, config: config.analytics }),
);
