// releases: the releases page (list, canary, promote, rollback) and the browsers' reports (releases/*).
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { serverModule, tables } from '../server-module';
import type { ReleaseTables } from './tables';
import { releasesMigration } from './migrations/040-releases';
import { releaseReportersMigration } from './migrations/067-release-reporters';
import { releaseHandlers } from './routes';

export const releasesModule = serverModule({
  name: 'releases',
  tables: tables<ReleaseTables>(),
  migrations: {
    '040_releases': releasesMigration,
    '067_release_reporters': releaseReportersMigration,
  },
  handlers: ({ db, config }: { db: Kysely<Database>; config: Pick<Config, 'secureCookies' | 'releasesOrganisation'> }) =>
    releaseHandlers({ db, secureCookies: config.secureCookies, organisation: config.releasesOrganisation }),
});
