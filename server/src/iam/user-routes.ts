// iam/users/*: list and search the tenant's users, invite (invite.ts), change role and modules,
// disable, enable and delete (user-store.ts). All need iam:manage.
import type { ApiHandlers } from '../http/api-module';
import { admitInvitationMail } from './invitation-mail-limit';
import { inviteUser, type IamDeps } from './invite';
import { deleteIamUser, disableIamUser, enableIamUser, updateIamUser } from './user-store';
import { iamUserView, listTenantUsers } from './user-view';

export function iamUserHandlers(deps: IamDeps): ApiHandlers {
  const { db } = deps;

  return {
    'iam/users/list': async (request) => ({ users: await listTenantUsers(db, request.user.tenantId, request.body.search) }),
    'iam/users/invite': async (request, reply) => {
      await admitInvitationMail(db, reply, request.user.tenantId);
      return iamUserView(db, await inviteUser(deps, request.user, request.body, request.ip));
    },
    'iam/users/update': async (request) => updateIamUser(db, request, request.body),
    'iam/users/disable': async (request) => disableIamUser(deps, request, request.body.id),
    'iam/users/enable': async (request) => enableIamUser(db, request, request.body.id),
    'iam/users/delete': async (request) => {
      await deleteIamUser(deps, request, request.body.id);
      return { ok: true };
    },
  };
}
