// Create or edit a custom role: a name, a description and the permissions it grants.
import { useState, type FormEvent } from 'react';
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { permissionLabel, showToast, type IamRole, type PermissionView } from '@helio/shared-utils';
import { useErrorText } from '../common/use-error-text';
import { permissionTextKey } from './permission-key';
import { roleDraftOf, roleInput, roleProblems, type RoleDraft } from './role-form';
import { useSaveRole } from './roles.resource';

interface RoleDialogProps {
  /** undefined: a new role */
  role?: IamRole;
  catalogue: readonly PermissionView[];
  onClose: () => void;
}

export function RoleDialog({ role, catalogue, onClose }: RoleDialogProps) {
  const { t } = useTranslation('account-app');
  const errorText = useErrorText();
  const save = useSaveRole();
  const [draft, setDraft] = useState<RoleDraft>(() => roleDraftOf(role));
  const [submitted, setSubmitted] = useState(false);
  const problems = roleProblems(draft);
  const shown = submitted ? problems : [];
  const nameProblem = shown.find((p) => p.startsWith('name'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problems.length > 0) return;
    save.mutate(
      {
        ...roleInput(
          draft,
          catalogue.map((p) => p.key),
        ),
        ...(role ? { id: role.id } : {}),
      },
      {
        onSuccess: (saved) => {
          showToast({ intent: 'success', icon: 'tick', message: t(role ? 'roles.updated' : 'roles.created', { name: saved.name }) });
          onClose();
        },
      },
    );
  };

  const toggle = (key: string, on: boolean) =>
    setDraft({ ...draft, permissions: on ? [...draft.permissions, key] : draft.permissions.filter((p) => p !== key) });

  return (
    <Dialog
      isOpen
      title={role ? t('roles.editTitle', { name: role.name }) : t('roles.createTitle')}
      icon="id-number"
      onClose={save.isPending ? undefined : onClose}
      style={{ width: 640 }}
    >
      <form onSubmit={onSubmit} noValidate data-testid="role-form">
        <DialogBody>
          <FormGroup
            label={t('roles.name')}
            labelFor="role-name"
            intent={nameProblem ? 'danger' : 'none'}
            helperText={nameProblem && t(`roles.problems.${nameProblem}`)}
          >
            <InputGroup
              id="role-name"
              value={draft.name}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
              intent={nameProblem ? 'danger' : 'none'}
            />
          </FormGroup>
          <FormGroup
            label={t('roles.description')}
            labelFor="role-description"
            intent={shown.includes('descriptionTooLong') ? 'danger' : 'none'}
            helperText={shown.includes('descriptionTooLong') ? t('roles.problems.descriptionTooLong') : undefined}
          >
            <TextArea
              id="role-description"
              fill
              value={draft.description}
              onChange={(event) => setDraft({ ...draft, description: event.target.value })}
            />
          </FormGroup>
          <FormGroup
            label={t('roles.permissions')}
            intent={shown.includes('noPermissions') ? 'danger' : 'none'}
            helperText={shown.includes('noPermissions') ? t('roles.problems.noPermissions') : undefined}
          >
            {catalogue.map((permission) => (
              <Checkbox
                key={permission.key}
                checked={draft.permissions.includes(permission.key)}
                onChange={(event) => toggle(permission.key, event.currentTarget.checked)}
                data-permission={permission.key}
                labelElement={
                  <>
                    <span title={permission.key}>{permissionLabel(t, permission.key)}</span>{' '}
                    <span className="helio-account-muted">
                      {t(permissionTextKey(permission.key), { defaultValue: permission.description })}
                    </span>
                  </>
                }
              />
            ))}
          </FormGroup>
          {save.isError && (
            <Callout intent="danger" icon="error" data-testid="role-error">
              {errorText(save.error)}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('actions.cancel')} onClick={onClose} disabled={save.isPending} />
              <Button
                type="submit"
                intent="primary"
                icon="floppy-disk"
                text={t('actions.save')}
                loading={save.isPending}
                data-testid="role-save"
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
