// releases: the releases page (list, canary, promote, rollback) and the browsers' reports (releases/*).
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import { releaseHandlers } from './routes';

export const releasesModule = apiModule(
  'releases',
  ({ db, config }: { db: Kysely<Database>; config: Pick<Config, 'secureCookies' | 'releasesOrganisation'> }) =>
    releaseHandlers({ db, secureCookies: config.secureCookies, organisation: config.releasesOrganisation }),
);
