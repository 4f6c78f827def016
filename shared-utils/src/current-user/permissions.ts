// Whether the signed-in user's role grants a permission (server/src/iam/permissions.ts), so a page can
// leave out what the server would refuse (403) anyway.
export function hasPermission(user: { permissions?: readonly string[] } | undefined, permission: string): boolean {
  return !!user?.permissions?.includes(permission);
}
