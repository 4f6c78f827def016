// auth: sign-in, the new-password challenge, refresh and sign-out, password changes and resets, and
// the caller's sessions (auth/*).
import { serverModule, tables } from '../server-module';
import type { IdentityTables } from '../db/schema';
import { identityMigration } from './migrations/003-identity';
import { refreshGraceMigration } from './migrations/016-refresh-grace';
import { authHandlers } from './auth-routes';
import { passwordHandlers } from './password-routes';
import { sessionHandlers } from './session-routes';
import type { IdentityDeps } from './sign-in';

export const authModule = serverModule({
  name: 'auth',
  tables: tables<IdentityTables>(),
  migrations: {
    '003_identity': identityMigration,
    '016_refresh_grace': refreshGraceMigration,
  },
  handlers: ({ identity }: { identity: IdentityDeps }) => ({
    ...authHandlers(identity),
    ...passwordHandlers(identity),
    ...sessionHandlers(identity),
  }),
});
