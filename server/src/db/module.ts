// core: the organisations, their users and plants, who may see which plant, refresh tokens and signing
// keys (001_core), the storage settings of the busiest tables (058_fillfactor), and the leader's
// vacuum of every table when PostgreSQL's autovacuum is off (table-vacuum.ts). No API of its own: the
// domains that use these tables (identity, users, iam, plants) serve them.
import { serverModule, tables } from '../server-module';
import { coreMigration } from './migrations/001-core';
import { fillfactorMigration } from './migrations/058-fillfactor';
import type { CoreTables } from './schema';
import { startTableVacuum } from './table-vacuum';
import type { JobDeps } from '../modules';

export const coreModule = serverModule({
  name: 'core',
  tables: tables<CoreTables>(),
  migrations: {
    '001_core': coreMigration,
    '058_fillfactor': fillfactorMigration,
  },
  jobs: ({ db, config, log, leaseTtlMs, holder }: Pick<JobDeps, 'db' | 'config' | 'log' | 'leaseTtlMs' | 'holder'>) =>
    config.vacuumWhenAutovacuumOff ? [startTableVacuum({ db, log, leaseTtlMs, holder })] : [],
});
