// The permissions the IAM pages need, as the server's routes declare them (server/src/iam/role-routes.ts,
// user-routes.ts: iam:manage; server/src/audit/routes.ts: audit:read).
export const IAM_MANAGE = 'iam:manage';
export const AUDIT_READ = 'audit:read';

export { hasPermission } from '@helio/shared-utils';
