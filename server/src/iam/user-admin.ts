// The rules of changing other people's accounts. Owners are changed only by owners; nobody grants
// more than they hold; the tenant always keeps an active owner (and an owner or admin); nobody
// disables or deletes themselves. Changes run in a transaction that holds the tenant (PostgreSQL: its row lock), so two
// admins demoting each other at once cannot leave the tenant without one.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { isPostgres } from '../db';
import type { Database, UserTable } from '../db/schema';
import type { AuthUser } from '../http/auth';
import { ApiError, conflict, roleNotFound, userNotFound } from '../http/errors';
import { ADMINISTRATOR_ROLES, type Permission } from './permissions';
import { findTenantRole, type RoleView } from './roles';

export type UserRow = Selectable<UserTable>;

export const LAST_OWNER = 'The tenant must keep at least one active owner';
export const LAST_ADMINISTRATOR = 'The tenant must keep at least one active owner or admin';

export const isAdministrator = (user: Pick<UserRow, 'role' | 'custom_role_id'>) =>
  user.custom_role_id === null && (ADMINISTRATOR_ROLES as readonly string[]).includes(user.role);

export const effectiveRoleId = (user: Pick<UserRow, 'role' | 'custom_role_id'>) => user.custom_role_id ?? user.role;

export async function findTenantUser(db: Kysely<Database>, tenantId: string, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function requireTenantUser(db: Kysely<Database>, tenantId: string, id: string): Promise<UserRow> {
  const user = await findTenantUser(db, tenantId, id);
  if (!user) throw userNotFound();
  return user;
}

export async function requireTenantRole(db: Kysely<Database>, tenantId: string, id: string): Promise<RoleView> {
  const role = await findTenantRole(db, tenantId, id);
  if (!role) throw roleNotFound();
  return role;
}

/**
 * Owners are changed, and the Owner role granted, only by owners; a role that sees every plant (a
 * built-in administrator role) is granted only by someone who sees every plant; and nobody acts on a
 * user who holds more than they do: more permissions, or every plant.
 */
export async function assertMayTouch(
  db: Kysely<Database>,
  actor: AuthUser,
  target: Pick<UserRow, 'role' | 'custom_role_id'> | undefined,
  grantedRole?: RoleView,
): Promise<void> {
  const actorIsOwner = actor.roleId === 'owner';
  const actorSeesEveryPlant = (ADMINISTRATOR_ROLES as readonly string[]).includes(actor.roleId);
  if (target && effectiveRoleId(target) === 'owner' && !actorIsOwner) {
    throw new ApiError(403, 'Forbidden', 'Only an owner can change an owner');
  }
  if (grantedRole?.id === 'owner' && !actorIsOwner) throw new ApiError(403, 'Forbidden', 'Only an owner can grant the Owner role');
  if (grantedRole && (ADMINISTRATOR_ROLES as readonly string[]).includes(grantedRole.id) && !actorSeesEveryPlant) {
    throw new ApiError(403, 'Forbidden', 'Only an owner or admin can grant a role that sees every plant');
  }
  if (grantedRole) assertWithinOwnPermissions(actor, grantedRole.permissions);
  if (!target) return;
  if (isAdministrator(target) && !actorSeesEveryPlant) {
    throw new ApiError(403, 'Forbidden', 'Only an owner or admin can change a user who sees every plant');
  }
  const held = await findTenantRole(db, actor.tenantId, effectiveRoleId(target));
  const beyond = (held?.permissions ?? []).filter((p) => !actor.permissions.includes(p));
  if (beyond.length > 0) {
    throw new ApiError(403, 'Forbidden', `You cannot change a user who holds permissions you do not have: ${beyond.join(', ')}`, {
      permissions: beyond,
    });
  }
}

/** Nobody hands out permissions they do not hold themselves. */
export function assertWithinOwnPermissions(actor: AuthUser, permissions: readonly Permission[]): void {
  const beyond = permissions.filter((p) => !actor.permissions.includes(p));
  if (beyond.length > 0) {
    throw new ApiError(403, 'Forbidden', `You cannot grant permissions you do not have: ${beyond.join(', ')}`, { permissions: beyond });
  }
}

export function assertNotSelf(actor: AuthUser, target: UserRow, what: string): void {
  if (actor.sub === target.id) throw conflict(`You cannot ${what} your own account`);
}

/** Runs `work` in a transaction that no other IAM change of the tenant runs beside. */
export async function withTenantLock<T>(
  db: Kysely<Database>,
  tenantId: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const lockRows = isPostgres(db);
  return db.transaction().execute(async (trx) => {
    if (lockRows) await trx.selectFrom('tenants').select('id').where('id', '=', tenantId).forUpdate().execute();
    return work(trx);
  });
}

/** Whether a role change takes the user out of the owners, or out of the owners and admins. */
export function demotes(current: Pick<UserRow, 'role' | 'custom_role_id'>, next: Pick<UserRow, 'role' | 'custom_role_id'>): boolean {
  const was = isAdministrator(current) ? current.role : undefined;
  const will = isAdministrator(next) ? next.role : undefined;
  return (was === 'owner' && will !== 'owner') || (was === 'admin' && will === undefined);
}

/**
 * 409 unless, without `leaving`, an active, signed-up owner remains (when `leaving` is an owner), or
 * an active, signed-up owner or admin (when `leaving` is an admin). Only owners touch owners, so
 * losing the last one could never be undone.
 */
export async function assertAdministratorRemains(trx: Transaction<Database>, tenantId: string, leaving: UserRow): Promise<void> {
  if (!isAdministrator(leaving)) return;
  const lastOwner = leaving.role === 'owner';
  const other = await trx
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '!=', leaving.id)
    .where('status', '=', 'active')
    .where('custom_role_id', 'is', null)
    .where('temporary_password_expires_at', 'is', null)
    .where('role', 'in', lastOwner ? ['owner'] : [...ADMINISTRATOR_ROLES])
    .limit(1)
    .executeTakeFirst();
  if (!other) throw new ApiError(409, 'LastAdministrator', lastOwner ? LAST_OWNER : LAST_ADMINISTRATOR);
}

/** The role columns for a role: built-in roles by key, custom roles as 'viewer' + their id. */
export function roleColumns(role: RoleView): Pick<UserRow, 'role' | 'custom_role_id'> {
  return role.builtIn ? { role: role.id as UserRow['role'], custom_role_id: null } : { role: 'viewer', custom_role_id: role.id };
}
