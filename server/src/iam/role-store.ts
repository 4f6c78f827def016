// A tenant's roles: the built-in roles (fixed) and its custom roles, named sets of permissions. Names
// are unique per tenant (ignoring case and diacritics) and never a built-in name; nobody grants a role
// more than they hold themselves; a role that is assigned cannot be deleted. Every change is audited in
// the change's transaction: a change whose audit entry cannot be written is not made.
import type { IamEndpoints } from '@helio/contracts';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../audit/audit-log';
import { recordRequestAudit, type RequestCaller } from '../audit/request-audit';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { ApiError, conflict } from '../http/errors';
import { BUILT_IN_ROLES, PERMISSIONS } from './permissions';
import {
  builtInRoleViews,
  customRoleView,
  listCustomRoles,
  roleAssignmentCounts,
  roleNameKey,
  type CustomRoleRow,
  type RoleView,
} from './roles';
import { assertWithinOwnPermissions, requireTenantRole, withTenantLock } from './user-admin';

type Answer<Path extends keyof IamEndpoints> = IamEndpoints[Path]['response'];
export type RoleWithCount = RoleView & { userCount: number };

const byName = new Intl.Collator('cs').compare;

/** The built-in roles, then the tenant's custom roles by name. */
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

const audit = (
  db: Kysely<Database>,
  caller: RequestCaller,
  action: AuditAction,
  role: { id: string; name: string },
  details: Record<string, unknown>,
) => recordRequestAudit(db, caller, action, { type: 'role', id: role.id, label: role.name }, details);

async function withCount(db: Kysely<Database>, tenantId: string, role: RoleView): Promise<RoleWithCount> {
  return { ...role, userCount: (await roleAssignmentCounts(db, tenantId)).get(role.id) ?? 0 };
}

/** Every role of the tenant with how many of its users hold it. */
export async function listRoles(db: Kysely<Database>, tenantId: string): Promise<RoleWithCount[]> {
  const counts = await roleAssignmentCounts(db, tenantId);
  const roles = await tenantRoles(db, tenantId);
  return roles.map((role) => ({ ...role, userCount: counts.get(role.id) ?? 0 }));
}

export async function createRole(
  db: Kysely<Database>,
  caller: RequestCaller,
  { name, description, permissions }: IamEndpoints['iam/roles/create']['request'],
): Promise<RoleWithCount> {
  const { tenantId } = caller.user;
  assertWithinOwnPermissions(caller.user, permissions);
  await assertNameFree(db, tenantId, name);
  const now = new Date().toISOString();
  const row: CustomRoleRow = {
    id: randomUUID(),
    tenant_id: tenantId,
    name: name.trim(),
    name_key: roleNameKey(name),
    description: description?.trim() ?? '',
    permissions: JSON.stringify(permissions),
    created_at: now,
    updated_at: now,
  };
  try {
    await inTransaction(db, async (trx) => {
      await trx.insertInto('roles').values(row).execute();
      await audit(trx, caller, 'iam.role_created', row, { permissions });
    });
  } catch (error) {
    await assertNameFree(db, tenantId, name); // lost a race for the name: answer 409, not 500
    throw error;
  }
  return { ...customRoleView(row), userCount: 0 };
}

/** Changes what is given of a custom role; a change audits the role before and after. */
export async function updateRole(
  db: Kysely<Database>,
  caller: RequestCaller,
  { id, name, description, permissions }: IamEndpoints['iam/roles/update']['request'],
): Promise<RoleWithCount> {
  const { tenantId } = caller.user;
  const role = await requireTenantRole(db, tenantId, id);
  requireCustom(role);
  if (permissions) assertWithinOwnPermissions(caller.user, permissions);
  if (name !== undefined) await assertNameFree(db, tenantId, name, id);
  const changes = {
    ...(name !== undefined ? { name: name.trim(), name_key: roleNameKey(name) } : {}),
    ...(description !== undefined ? { description: description.trim() } : {}),
    ...(permissions !== undefined ? { permissions: JSON.stringify(permissions) } : {}),
  };
  if (Object.keys(changes).length === 0) return withCount(db, tenantId, role);
  const updated = await inTransaction(db, async (trx) => {
    await trx
      .updateTable('roles')
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    const after = await requireTenantRole(trx, tenantId, id);
    await audit(trx, caller, 'iam.role_updated', after, {
      before: { name: role.name, description: role.description, permissions: role.permissions },
      after: { name: after.name, description: after.description, permissions: after.permissions },
    });
    return after;
  });
  return withCount(db, tenantId, updated);
}

export async function deleteRole(db: Kysely<Database>, caller: RequestCaller, id: string): Promise<void> {
  const { tenantId } = caller.user;
  const role = await requireTenantRole(db, tenantId, id);
  requireCustom(role);
  // Under the tenant lock: no invite or update can assign the role between the count and the delete.
  await withTenantLock(db, tenantId, async (trx) => {
    const assigned = (await roleAssignmentCounts(trx, tenantId)).get(role.id) ?? 0;
    if (assigned > 0) {
      throw conflict(
        `The role "${role.name}" is assigned to ${assigned} user${assigned === 1 ? '' : 's'}; assign them another role first`,
        {
          userCount: assigned,
        },
      );
    }
    await trx.deleteFrom('roles').where('id', '=', role.id).execute();
    await audit(trx, caller, 'iam.role_deleted', role, { permissions: role.permissions });
  });
}

/** The permission catalogue, each with the tenant's roles that grant it. */
export async function permissionCatalogue(db: Kysely<Database>, tenantId: string): Promise<Answer<'iam/permissions/list'>> {
  const roles = await tenantRoles(db, tenantId);
  return {
    permissions: PERMISSIONS.map((p) => ({
      key: p.key,
      description: p.description,
      grantedBy: roles.filter((r) => r.permissions.includes(p.key)).map((r) => ({ id: r.id, name: r.name, builtIn: r.builtIn })),
    })),
  };
}
