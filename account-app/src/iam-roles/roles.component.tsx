// /my-account/iam/roles: the built-in roles (fixed) and the tenant's custom roles as named sets of
// permissions; create, edit and delete custom ones (the server refuses to delete an assigned role).
import { useState } from 'react';
import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, PageHeader, permissionLabel, showToast, type IamRole } from '@helio/shared-utils';
import { IamTabs } from '../access/iam-tabs.component';
import { ConfirmDialog } from '../common/confirm-dialog.component';
import { Empty, Loading } from '../common/states.component';
import { useErrorText } from '../common/use-error-text';
import { RoleDialog } from './role-dialog.component';
import { roleDescription, roleLabel } from './role-label';
import { useDeleteRole, usePermissionCatalogue, useRoles } from './roles.resource';

export default function RolesPage() {
  const { t } = useTranslation('account-app');
  const errorText = useErrorText();
  const roles = useRoles();
  const catalogue = usePermissionCatalogue();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<IamRole | 'new' | null>(null);
  const [deleting, setDeleting] = useState<IamRole | null>(null);

  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  let body;
  if (roles.data && roles.data.length > 0) {
    body = (
      <HTMLTable className="helio-account-table" striped data-testid="roles-table">
        <thead>
          <tr>
            <th>{t('roles.name')}</th>
            <th>{t('roles.permissions')}</th>
            <th>{t('roles.users')}</th>
            <th aria-label={t('users.actions')} />
          </tr>
        </thead>
        <tbody>
          {roles.data.map((role) => (
            <tr key={role.id} data-testid="role-row" data-role={role.name}>
              <td>
                <strong>{roleLabel(role, t)}</strong> {role.builtIn && <Tag minimal>{t('roles.builtInTag')}</Tag>}
                <div className="helio-account-muted">{roleDescription(role, t)}</div>
              </td>
              <td>
                <div className="helio-account-tags">
                  {role.permissions.map((permission) => (
                    <Tag key={permission} minimal title={permission} data-permission={permission}>
                      {permissionLabel(t, permission)}
                    </Tag>
                  ))}
                </div>
              </td>
              <td>{role.userCount}</td>
              <td>
                {!role.builtIn && (
                  <div className="helio-account-actions">
                    <Button
                      size="small"
                      icon="edit"
                      text={t('actions.edit')}
                      disabled={!catalogue.data}
                      onClick={() => setEditing(role)}
                      data-testid="role-edit"
                    />
                    <Button
                      size="small"
                      icon="trash"
                      intent="danger"
                      variant="outlined"
                      text={t('actions.delete')}
                      onClick={() => setDeleting(role)}
                      data-testid="role-delete"
                    />
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  } else if (roles.data) {
    body = <Empty icon="id-number" title={t('roles.none')} />;
  } else if (roles.isError) {
    body = <ErrorPanel title={t('roles.loadFailed')} description={errorText(roles.error)} onRetry={() => void roles.refetch()} />;
  } else body = <Loading label={t('loading')} />;

  return (
    <div className="helio-account-page">
      <PageHeader page="pages.roles" description={t('roles.pageDescription')}>
        <Button
          intent="primary"
          icon="add"
          text={t('roles.create')}
          disabled={!catalogue.data}
          onClick={() => setEditing('new')}
          data-testid="roles-create"
        />
      </PageHeader>
      <IamTabs>
        {body}
        {editing && catalogue.data && (
          <RoleDialog role={editing === 'new' ? undefined : editing} catalogue={catalogue.data} onClose={() => setEditing(null)} />
        )}
        <ConfirmDialog
          isOpen={deleting !== null}
          title={t('roles.deleteTitle')}
          confirmText={t('actions.delete')}
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onClose={closeDelete}
          onConfirm={() =>
            deleting &&
            remove.mutate(deleting.id, {
              onSuccess: () => {
                showToast({ intent: 'success', icon: 'trash', message: t('roles.deleted', { name: deleting.name }) });
                closeDelete();
              },
            })
          }
        >
          <p>{deleting ? t('roles.deleteText', { name: deleting.name }) : ''}</p>
        </ConfirmDialog>
      </IamTabs>
    </div>
  );
}
