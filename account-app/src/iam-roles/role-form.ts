// The role form's rules: a draft from a role (or empty), what blocks saving, and the request.
import { isPermission, ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX } from '@helio/contracts/limits';
import type { IamRole, RoleInput } from '@helio/shared-utils';

export interface RoleDraft {
  name: string;
  description: string;
  permissions: string[];
}

export type RoleProblem = 'nameRequired' | 'nameTooLong' | 'descriptionTooLong' | 'noPermissions';

export { ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX };

export const roleDraftOf = (role?: IamRole): RoleDraft =>
  role
    ? { name: role.name, description: role.description, permissions: [...role.permissions] }
    : { name: '', description: '', permissions: [] };

export function roleProblems(draft: RoleDraft): RoleProblem[] {
  const problems: RoleProblem[] = [];
  const name = draft.name.trim();
  if (name === '') problems.push('nameRequired');
  else if (name.length > ROLE_NAME_MAX) problems.push('nameTooLong');
  if (draft.description.trim().length > ROLE_DESCRIPTION_MAX) problems.push('descriptionTooLong');
  if (draft.permissions.length === 0) problems.push('noPermissions');
  return problems;
}

export function roleInput(draft: RoleDraft, catalogueOrder: readonly string[]): RoleInput {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    permissions: catalogueOrder.filter(isPermission).filter((key) => draft.permissions.includes(key)),
  };
}
