// iam/roles/*: the built-in roles and the tenant's custom roles (role-store.ts holds the rules).
// iam/permissions/list: the catalogue and which roles grant each. All need iam:manage.
import { iamEndpoints, type IamEndpoints } from '@helio/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { contractSchema } from '../http/contract-schema';
import { createRole, deleteRole, listRoles, permissionCatalogue, updateRole } from './role-store';
import { access } from './route-access';

const roleResource = { tenantResources: [{ field: 'id', kind: 'role' }] } as const;

export async function registerRoleRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  app.post(
    '/api/iam/roles/list',
    { config: access('iam:manage'), schema: contractSchema(iamEndpoints['iam/roles/list']) },
    async (request) => ({ roles: await listRoles(db, request.user.tenantId) }),
  );

  app.post<{ Body: IamEndpoints['iam/roles/create']['request'] }>(
    '/api/iam/roles/create',
    { config: access('iam:manage'), schema: contractSchema(iamEndpoints['iam/roles/create']) },
    async (request) => createRole(db, request, request.body),
  );

  app.post<{ Body: IamEndpoints['iam/roles/update']['request'] }>(
    '/api/iam/roles/update',
    { config: access('iam:manage', roleResource), schema: contractSchema(iamEndpoints['iam/roles/update']) },
    async (request) => updateRole(db, request, request.body),
  );

  app.post<{ Body: IamEndpoints['iam/roles/delete']['request'] }>(
    '/api/iam/roles/delete',
    { config: access('iam:manage', roleResource), schema: contractSchema(iamEndpoints['iam/roles/delete']) },
    async (request) => {
      await deleteRole(db, request, request.body.id);
      return { ok: true };
    },
  );

  app.post(
    '/api/iam/permissions/list',
    { config: access('iam:manage'), schema: contractSchema(iamEndpoints['iam/permissions/list']) },
    async (request) => permissionCatalogue(db, request.user.tenantId),
  );
}
