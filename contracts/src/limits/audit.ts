// What the audit log records. The audit page filters by these actions.
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.new_password_set',
  'auth.password_changed',
  'auth.password_reset_requested',
  'auth.password_reset',
  'auth.session_revoked',
  'users.profile_updated',
  'iam.user_invited',
  'iam.user_updated',
  'iam.user_disabled',
  'iam.user_enabled',
  'iam.user_deleted',
  'iam.role_created',
  'iam.role_updated',
  'iam.role_deleted',
  'devices.gateway_password_rotated',
  'plants.created',
  'plants.updated',
  'plants.access_granted',
  'plants.access_role_changed',
  'plants.access_revoked',
  'plants.device_added',
  'plants.device_updated',
  'plants.device_removed',
  'tags.created',
  'tags.updated',
  'tags.deleted',
  'tags.assigned',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** audit/list answers at most this many events a page. */
export const AUDIT_PAGE_MAX = 200;
