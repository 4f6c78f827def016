// core: the organisations, their users and plants, who may see which plant, refresh tokens and signing
// keys (001_core), and the storage settings of the busiest tables (058_fillfactor). No API of its own:
// the domains that use these tables (identity, users, iam, plants) serve them.
import { serverModule, tables } from '../server-module';
import { coreMigration } from './migrations/001-core';
import { fillfactorMigration } from './migrations/058-fillfactor';
import type { CoreTables } from './schema';

export const coreModule = serverModule({
  name: 'core',
  tables: tables<CoreTables>(),
  migrations: {
    '001_core': coreMigration,
    '058_fillfactor': fillfactorMigration,
  },
});
