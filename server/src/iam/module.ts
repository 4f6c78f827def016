// iam: the organisation's users and roles, and the permission catalogue (iam/*).
import { serverModule } from '../server-module';
import { userPlaceholdersMigration } from './migrations/055-user-placeholders';
import type { IamDeps } from './invite';
import { roleHandlers } from './role-routes';
import { iamUserHandlers } from './user-routes';

export const iamModule = serverModule({
  name: 'iam',
  migrations: {
    '055_user_placeholders': userPlaceholdersMigration,
  },
  handlers: (deps: IamDeps) => ({ ...iamUserHandlers(deps), ...roleHandlers(deps) }),
});
