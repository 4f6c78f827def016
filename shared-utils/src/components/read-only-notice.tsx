// Says why a form is read-only: the permission the user's role lacks, named as the IAM pages name it,
// and whom to ask. Shown instead of a save button that would only end in a 403.
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ENDPOINT_PERMISSIONS, type GuardedEndpoint } from '../current-user/may-call';
import { permissionLabel } from '../current-user/permission-label';

export function ReadOnlyNotice({ path }: { path: GuardedEndpoint }) {
  const { t } = useTranslation('common');
  const permission = ENDPOINT_PERMISSIONS[path];
  return (
    <Callout icon="lock" title={t('readOnly.title')} data-testid="read-only-notice" data-permission={permission}>
      {t('readOnly.reason', { permission: permissionLabel(t, permission) })}
    </Callout>
  );
}
