// The permission catalogue. Every API route names one of these permissions (or any signed-in user);
// a role is a named set of them. The IAM pages offer exactly these.
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
  { key: 'releases:manage', description: "Roll out the console's modules: canaries, promotions and rollbacks" },
  { key: 'series:manage', description: 'Set how long the server keeps each tier of the time series, and see their sizes' },
] as const;

export type Permission = (typeof PERMISSIONS)[number]['key'];

export const PERMISSION_KEYS = PERMISSIONS.map((p) => p.key) as readonly Permission[];

export function isPermission(value: string): value is Permission {
  return (PERMISSION_KEYS as readonly string[]).includes(value);
}
