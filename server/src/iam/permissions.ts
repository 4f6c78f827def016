// The permission catalogue and the built-in roles. Every API route names one of these permissions
// (or SIGNED_IN); a role is a named set of them. Built-in roles live here, custom roles in the database.
export const PERMISSIONS = [
  { key: 'plants:read', description: 'See plants, their details, settings and who has access to them' },
  { key: 'plants:write', description: 'Create and edit plants, their settings and plant user access' },
  { key: 'devices:read', description: 'Read device shadows and live values of the plants' },
  { key: 'devices:control', description: 'Change device settings (desired state) of the plants' },
  { key: 'metrics:read', description: 'Read metric lists, time series and statistics of the plants' },
  { key: 'notifications:read', description: 'See notifications and alerts of the plants' },
  { key: 'notifications:manage', description: 'Change notification schedules and alert rules' },
  { key: 'integrations:manage', description: 'Connect and configure external data sources and integrations' },
  { key: 'iam:manage', description: 'Invite, change, disable and delete users; manage roles and permissions' },
  { key: 'audit:read', description: 'Read the audit log of sign-ins and identity and access changes' },
] as const;

export type Permission = (typeof PERMISSIONS)[number]['key'];

export const PERMISSION_KEYS: readonly Permission[] = PERMISSIONS.map((p) => p.key);

export function isPermission(value: string): value is Permission {
  return (PERMISSION_KEYS as readonly string[]).includes(value);
}

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
