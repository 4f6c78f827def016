// The role to give a user: the built-in roles and the tenant's custom roles.
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { IamRole } from '@helio/shared-utils';
import { roleLabel } from '../iam-roles/role-label';

export function RoleSelect({
  roles,
  value,
  onChange,
  id,
}: {
  roles: readonly IamRole[];
  value: string;
  onChange: (role: string) => void;
  id: string;
}) {
  const { t } = useTranslation('account-app');
  return (
    <FormGroup label={t('users.role')} labelFor={id}>
      <HTMLSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        options={roles.map((role) => ({ value: role.id, label: roleLabel(role, t) }))}
        data-testid={id}
        fill
      />
    </FormGroup>
  );
}
