// Roles as the rest of the server sees them: a built-in role (by key) or a tenant's custom role (by
// id), each with its permissions. A user's effective role is their custom role when set, else `role`.
import type { Kysely, Selectable } from 'kysely';
import type { Database, RoleTable } from '../db/schema';
import { BUILT_IN_ROLES, builtInRole, isPermission, type Permission } from './permissions';

export interface RoleView {
  id: string;
  name: string;
  description: string;
  builtIn: boolean;
  permissions: Permission[];
}

export type CustomRoleRow = Selectable<RoleTable>;

export function parsePermissions(json: string | null): Permission[] {
  if (json === null) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((p): p is Permission => typeof p === 'string' && isPermission(p)) : [];
  } catch {
    return [];
  }
}

/** Folds a role name for uniqueness: "Noční směna" and "nocni SMENA" are the same name. */
export function roleNameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function customRoleView(row: CustomRoleRow): RoleView {
  return { id: row.id, name: row.name, description: row.description, builtIn: false, permissions: parsePermissions(row.permissions) };
}

export function builtInRoleViews(): RoleView[] {
  return BUILT_IN_ROLES.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    builtIn: true,
    permissions: [...r.permissions],
  }));
}

/** The permissions a user holds: those of their custom role when they have one, else of their built-in role. */
export function effectivePermissions(role: string, customRolePermissions: string | null | undefined): Permission[] {
  if (customRolePermissions !== null && customRolePermissions !== undefined) return parsePermissions(customRolePermissions);
  return [...(builtInRole(role)?.permissions ?? [])];
}

/** A built-in role, or a custom role of this tenant; another tenant's role is not found. */
export async function findTenantRole(db: Kysely<Database>, tenantId: string, roleId: string): Promise<RoleView | undefined> {
  const builtIn = builtInRoleViews().find((r) => r.id === roleId);
  if (builtIn) return builtIn;
  const row = await db.selectFrom('roles').selectAll().where('id', '=', roleId).where('tenant_id', '=', tenantId).executeTakeFirst();
  return row ? customRoleView(row) : undefined;
}

export async function listCustomRoles(db: Kysely<Database>, tenantId: string): Promise<CustomRoleRow[]> {
  return db.selectFrom('roles').selectAll().where('tenant_id', '=', tenantId).execute();
}

/** How many users of the tenant hold each role id (built-in keys and custom ids alike). */
export async function roleAssignmentCounts(db: Kysely<Database>, tenantId: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('users').select(['role', 'custom_role_id']).where('tenant_id', '=', tenantId).execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    const id = row.custom_role_id ?? row.role;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}
