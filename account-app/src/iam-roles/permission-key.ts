// Permission keys contain ':' (i18next's namespace separator), so their texts live under a key with
// '_' instead: 'iam:manage' → 'permissions.catalogue.iam_manage'.
export const permissionTextKey = (permission: string) => `permissions.catalogue.${permission.replace(/[:.]/g, '_')}`;
