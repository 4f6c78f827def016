// iam/roles/*: the built-in roles and the tenant's custom roles (role-store.ts holds the rules).
// iam/permissions/list: the catalogue and which roles grant each. All need iam:manage.
import type { ApiHandlers } from '../http/api-module';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createRole, deleteRole, listRoles, permissionCatalogue, updateRole } from './role-store';

export function roleHandlers({ db }: { db: Kysely<Database> }): ApiHandlers {
  return {
    'iam/roles/list': async (request) => ({ roles: await listRoles(db, request.user.tenantId) }),
    'iam/roles/create': async (request) => createRole(db, request, request.body),
    'iam/roles/update': async (request) => updateRole(db, request, request.body),
    'iam/roles/delete': async (request) => {
      await deleteRole(db, request, request.body.id);
      return { ok: true };
    },
    'iam/permissions/list': async (request) => permissionCatalogue(db, request.user.tenantId),
  };
}
