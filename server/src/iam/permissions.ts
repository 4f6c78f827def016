// The built-in roles over the contract's permission catalogue. Every API route names one of these permissions
// (or SIGNED_IN); a role is a named set of them. Built-in roles live here, custom roles in the database.
export { isPermission, PERMISSION_KEYS, PERMISSIONS, type Permission } from '@helio/contracts';
import { PERMISSION_KEYS, type Permission } from '@helio/contracts';

export type BuiltInRoleId = 'owner' | 'admin' | 'operator' | 'viewer';

export interface BuiltInRole {
  id: BuiltInRoleId;
  name: string;
  description: string;
  permissions: readonly Permission[];
}

const READ_ONLY: readonly Permission[] = ['plants:read', 'devices:read', 'metrics:read', 'notifications:read', 'notifications:manage'];

export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  { id: 'owner', name: 'Owner', description: 'Everything, including granting and removing the Owner role', permissions: PERMISSION_KEYS },
  { id: 'admin', name: 'Admin', description: 'Everything except changing owners', permissions: PERMISSION_KEYS },
  {
    id: 'operator',
    name: 'Operator',
    description: 'Runs the plants: watches them and changes device settings',
    permissions: [...READ_ONLY, 'devices:control'],
  },
  { id: 'viewer', name: 'Viewer', description: 'Watches the plants and keeps their own notification schedule', permissions: READ_ONLY },
];

export function builtInRole(id: string): BuiltInRole | undefined {
  return BUILT_IN_ROLES.find((r) => r.id === id);
}

/** Roles that administer the tenant; one of them must always stay active. */
export const ADMINISTRATOR_ROLES: readonly BuiltInRoleId[] = ['owner', 'admin'];
