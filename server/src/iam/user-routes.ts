// iam/users/*: list and search the tenant's users, invite (invite.ts), change role and modules,
// disable, enable and delete (user-store.ts). All need iam:manage.
import { iamEndpoints, type IamEndpoints } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import { contractSchema } from '../http/contract-schema';
import { admitInvitationMail } from '../security/invitation-mail-limit';
import { inviteUser, type IamDeps, type InviteBody } from './invite';
import { access } from './route-access';
import { deleteIamUser, disableIamUser, enableIamUser, updateIamUser } from './user-store';
import { iamUserView, listTenantUsers } from './user-view';

const userResource = { tenantResources: [{ field: 'id', kind: 'user' }] } as const;

export async function registerIamUserRoutes(app: FastifyInstance, deps: IamDeps): Promise<void> {
  const { db } = deps;

  app.post<{ Body: IamEndpoints['iam/users/list']['request'] }>(
    '/api/iam/users/list',
    { config: access('iam:manage'), schema: contractSchema(iamEndpoints['iam/users/list']) },
    async (request) => ({ users: await listTenantUsers(db, request.user.tenantId, request.body.search) }),
  );

  app.post<{ Body: InviteBody }>(
    '/api/iam/users/invite',
    {
      config: access('iam:manage', { tenantResources: [{ field: 'role', kind: 'role' }] }),
      schema: contractSchema(iamEndpoints['iam/users/invite']),
    },
    async (request, reply) => {
      await admitInvitationMail(db, reply, request.user.tenantId);
      return iamUserView(db, await inviteUser(deps, request.user, request.body, request.ip));
    },
  );

  app.post<{ Body: IamEndpoints['iam/users/update']['request'] }>(
    '/api/iam/users/update',
    { config: access('iam:manage', userResource), schema: contractSchema(iamEndpoints['iam/users/update']) },
    async (request) => updateIamUser(db, request, request.body),
  );

  app.post<{ Body: IamEndpoints['iam/users/disable']['request'] }>(
    '/api/iam/users/disable',
    { config: access('iam:manage', userResource), schema: contractSchema(iamEndpoints['iam/users/disable']) },
    async (request) => disableIamUser(db, request, request.body.id),
  );

  app.post<{ Body: IamEndpoints['iam/users/enable']['request'] }>(
    '/api/iam/users/enable',
    { config: access('iam:manage', userResource), schema: contractSchema(iamEndpoints['iam/users/enable']) },
    async (request) => enableIamUser(db, request, request.body.id),
  );

  app.post<{ Body: IamEndpoints['iam/users/delete']['request'] }>(
    '/api/iam/users/delete',
    { config: access('iam:manage', userResource), schema: contractSchema(iamEndpoints['iam/users/delete']) },
    async (request) => {
      await deleteIamUser(db, request, request.body.id);
      return { ok: true };
    },
  );
}
