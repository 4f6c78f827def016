// Change a user's role and modules. The server refuses what would leave the tenant without an
// administrator, or grant more than the acting admin has; the refusal stays in the dialog.
import { useState } from 'react';
import { isModuleKey, type ModuleKey } from '@helio/contracts/limits';
import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { showToast, type IamRole, type IamUser } from '@helio/shared-utils';
import { useErrorText } from '../common/use-error-text';
import { ModuleChecks } from './module-checks.component';
import { RoleSelect } from './role-select.component';
import { useUpdateUserAccess } from './users.resource';

export function AccessDialog({ user, roles, onClose }: { user: IamUser; roles: readonly IamRole[]; onClose: () => void }) {
  const { t } = useTranslation('account-app');
  const errorText = useErrorText();
  const update = useUpdateUserAccess();
  const [role, setRole] = useState(user.role.id);
  const [modules, setModules] = useState<ModuleKey[]>(user.modules.filter(isModuleKey));
  const fullName = `${user.name} ${user.family_name}`;

  const save = () =>
    update.mutate(
      { id: user.id, role, modules },
      {
        onSuccess: () => {
          showToast({ intent: 'success', icon: 'tick', message: t('users.accessSaved', { name: fullName }) });
          onClose();
        },
      },
    );

  return (
    <Dialog
      isOpen
      title={t('users.accessTitle', { name: fullName })}
      icon="key"
      onClose={update.isPending ? undefined : onClose}
      style={{ width: 600 }}
    >
      <DialogBody>
        <p className="helio-account-muted">{user.email}</p>
        <RoleSelect id="access-role" roles={roles} value={role} onChange={setRole} />
        <ModuleChecks value={modules} onChange={setModules} />
        {update.isError && (
          <Callout intent="danger" icon="error" data-testid="access-error">
            {errorText(update.error)}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} disabled={update.isPending} />
            <Button
              intent="primary"
              icon="floppy-disk"
              text={t('actions.save')}
              loading={update.isPending}
              onClick={save}
              data-testid="access-save"
            />
          </>
        }
      />
    </Dialog>
  );
}
