// iam/roles/*: the built-in roles (fixed) and the tenant's custom roles, named sets of permissions.
// Names are unique per tenant (ignoring case and diacritics) and never a built-in name; a role that
// is assigned cannot be deleted. iam/permissions/list: the catalogue and which roles grant each.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { recordAudit, type AuditAction } from '../audit/audit-log';
import type { Database } from '../db/schema';
import { ApiError, conflict } from '../http/errors';
import { BUILT_IN_ROLES, PERMISSIONS, type Permission } from './permissions';
import { access } from './route-access';
import {
  builtInRoleViews,
  customRoleView,
  listCustomRoles,
  roleAssignmentCounts,
  roleNameKey,
  type CustomRoleRow,
  type RoleView,
} from './roles';
import { iamEndpoints, type IamEndpoints } from '@helio/contracts';
import { contractSchema } from '../http/contract-schema';
import { assertWithinOwnPermissions, requireTenantRole, withTenantLock } from './user-admin';

const roleResource = { tenantResources: [{ field: 'id', kind: 'role' }] } as const;
const byName = new Intl.Collator('cs').compare;

async function tenantRoles(db: Kysely<Database>, tenantId: string): Promise<RoleView[]> {
  const custom = (await listCustomRoles(db, tenantId)).map(customRoleView).sort((a, b) => byName(a.name, b.name));
  return [...builtInRoleViews(), ...custom];
}

/** 409 when the name is a built-in role's or another custom role's of the tenant. */
async function assertNameFree(db: Kysely<Database>, tenantId: string, name: string, except?: string): Promise<void> {
  const key = roleNameKey(name);
  const taken =
    BUILT_IN_ROLES.some((r) => roleNameKey(r.name) === key || r.id === key) ||
    (await listCustomRoles(db, tenantId)).some((r) => r.name_key === key && r.id !== except);
  if (taken) throw new ApiError(409, 'RoleExists', `A role named "${name.trim()}" already exists`);
}

function requireCustom(role: RoleView): void {
  if (role.builtIn) throw new ApiError(409, 'BuiltInRole', `The built-in role ${role.name} cannot be changed or deleted`);
}

export async function registerRoleRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  const audit = (request: FastifyRequest, action: AuditAction, role: { id: string; name: string }, details: Record<string, unknown>) =>
    recordAudit(db, {
      tenantId: request.user.tenantId,
      action,
      actor: { id: request.user.sub, email: request.user.email },
      target: { type: 'role', id: role.id, label: role.name },
      details,
      address: request.ip,
    });

  const withCount = async (tenantId: string, role: RoleView) => ({
    ...role,
    userCount: (await roleAssignmentCounts(db, tenantId)).get(role.id) ?? 0,
  });

  app.post(
    '/api/iam/roles/list',
    {
      config: access('iam:manage'),
      schema: contractSchema(iamEndpoints['iam/roles/list']),
    },
    async (request) => {
      const counts = await roleAssignmentCounts(db, request.user.tenantId);
      const roles = await tenantRoles(db, request.user.tenantId);
      return { roles: roles.map((role) => ({ ...role, userCount: counts.get(role.id) ?? 0 })) };
    },
  );

  app.post<{ Body: IamEndpoints['iam/roles/create']['request'] }>(
    '/api/iam/roles/create',
    { config: access('iam:manage'), schema: contractSchema(iamEndpoints['iam/roles/create']) },
    async (request) => {
      const { name, description, permissions } = request.body;
      assertWithinOwnPermissions(request.user, permissions);
      await assertNameFree(db, request.user.tenantId, name);
      const now = new Date().toISOString();
      const row: CustomRoleRow = {
        id: randomUUID(),
        tenant_id: request.user.tenantId,
        name: name.trim(),
        name_key: roleNameKey(name),
        description: description?.trim() ?? '',
        permissions: JSON.stringify(permissions),
        created_at: now,
        updated_at: now,
      };
      try {
        await db.insertInto('roles').values(row).execute();
      } catch (error) {
        await assertNameFree(db, request.user.tenantId, name); // lost a race for the name: answer 409, not 500
        throw error;
      }
      await audit(request, 'iam.role_created', row, { permissions });
      return { ...customRoleView(row), userCount: 0 };
    },
  );

  app.post<{ Body: IamEndpoints['iam/roles/update']['request'] }>(
    '/api/iam/roles/update',
    { config: access('iam:manage', roleResource), schema: contractSchema(iamEndpoints['iam/roles/update']) },
    async (request) => {
      const { id, name, description, permissions } = request.body;
      const role = await requireTenantRole(db, request.user.tenantId, id);
      requireCustom(role);
      if (permissions) assertWithinOwnPermissions(request.user, permissions);
      if (name !== undefined) await assertNameFree(db, request.user.tenantId, name, id);
      const changes = {
        ...(name !== undefined ? { name: name.trim(), name_key: roleNameKey(name) } : {}),
        ...(description !== undefined ? { description: description.trim() } : {}),
        ...(permissions !== undefined ? { permissions: JSON.stringify(permissions) } : {}),
      };
      if (Object.keys(changes).length === 0) return withCount(request.user.tenantId, role);
      await db
        .updateTable('roles')
        .set({ ...changes, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      const updated = await requireTenantRole(db, request.user.tenantId, id);
      await audit(request, 'iam.role_updated', updated, {
        before: { name: role.name, description: role.description, permissions: role.permissions },
        after: { name: updated.name, description: updated.description, permissions: updated.permissions },
      });
      return withCount(request.user.tenantId, updated);
    },
  );

  app.post<{ Body: IamEndpoints['iam/roles/delete']['request'] }>(
    '/api/iam/roles/delete',
    { config: access('iam:manage', roleResource), schema: contractSchema(iamEndpoints['iam/roles/delete']) },
    async (request) => {
      const role = await requireTenantRole(db, request.user.tenantId, request.body.id);
      requireCustom(role);
      // Under the tenant lock: no invite or update can assign the role between the count and the delete.
      await withTenantLock(db, request.user.tenantId, async (trx) => {
        const assigned = (await roleAssignmentCounts(trx, request.user.tenantId)).get(role.id) ?? 0;
        if (assigned > 0) {
          throw conflict(
            `The role "${role.name}" is assigned to ${assigned} user${assigned === 1 ? '' : 's'}; assign them another role first`,
            {
              userCount: assigned,
            },
          );
        }
        await trx.deleteFrom('roles').where('id', '=', role.id).execute();
      });
      await audit(request, 'iam.role_deleted', role, { permissions: role.permissions });
      return { ok: true };
    },
  );

  app.post(
    '/api/iam/permissions/list',
    { config: access('iam:manage'), schema: contractSchema(iamEndpoints['iam/permissions/list']) },
    async (request) => {
      const roles = await tenantRoles(db, request.user.tenantId);
      return {
        permissions: PERMISSIONS.map((p) => ({
          key: p.key,
          description: p.description,
          grantedBy: roles.filter((r) => r.permissions.includes(p.key)).map((r) => ({ id: r.id, name: r.name, builtIn: r.builtIn })),
        })),
      };
    },
  );
}
