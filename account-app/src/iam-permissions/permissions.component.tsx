// /my-account/iam/permissions: the catalogue of permissions, what each allows and which roles grant it.
import { HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, PageHeader } from '@helio/shared-utils';
import { IamTabs } from '../access/iam-tabs.component';
import { Empty, Loading } from '../common/states.component';
import { useErrorText } from '../common/use-error-text';
import { permissionTextKey } from '../iam-roles/permission-key';
import { roleLabel } from '../iam-roles/role-label';
import { usePermissionCatalogue } from '../iam-roles/roles.resource';

export default function PermissionsPage() {
  const { t } = useTranslation('account-app');
  const errorText = useErrorText();
  const catalogue = usePermissionCatalogue();

  let body;
  if (catalogue.data && catalogue.data.length > 0) {
    body = (
      <HTMLTable className="helio-account-table" striped data-testid="permissions-table">
        <thead>
          <tr>
            <th>{t('permissions.key')}</th>
            <th>{t('permissions.allows')}</th>
            <th>{t('permissions.grantedBy')}</th>
          </tr>
        </thead>
        <tbody>
          {catalogue.data.map((permission) => (
            <tr key={permission.key} data-testid="permission-row" data-permission={permission.key}>
              <td>
                <code>{permission.key}</code>
              </td>
              <td>{t(permissionTextKey(permission.key), { defaultValue: permission.description })}</td>
              <td>
                <div className="helio-account-tags">
                  {permission.grantedBy.length === 0 && <span className="helio-account-muted">{t('permissions.noRole')}</span>}
                  {permission.grantedBy.map((role) => (
                    <Tag key={role.id} minimal intent={role.builtIn ? 'none' : 'primary'}>
                      {roleLabel(role, t)}
                    </Tag>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  } else if (catalogue.data) {
    body = <Empty icon="key" title={t('permissions.none')} />;
  } else if (catalogue.isError) {
    body = (
      <ErrorPanel title={t('permissions.loadFailed')} description={errorText(catalogue.error)} onRetry={() => void catalogue.refetch()} />
    );
  } else body = <Loading label={t('loading')} />;

  return (
    <div className="helio-account-page">
      <PageHeader page="pages.permissions" description={t('permissions.pageDescription')} />
      <IamTabs>{body}</IamTabs>
    </div>
  );
}
