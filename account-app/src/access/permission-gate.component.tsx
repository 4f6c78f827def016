// An IAM page renders only for a user whose role grants the permission the server asks for; anyone
// else sees a clear no-access state instead of a page of 403 errors.
import type { ReactNode } from 'react';
import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, FullScreenSpinner, useCurrentUser } from '@helio/shared-utils';
import { hasPermission } from './permissions';

export function PermissionGate({ permission, children }: { permission: string; children: ReactNode }) {
  const { t } = useTranslation('account-app');
  const user = useCurrentUser();
  if (user.data) {
    if (hasPermission(user.data, permission)) return <>{children}</>;
    return (
      <div data-testid="iam-no-access" data-permission={permission}>
        <NonIdealState icon="lock" title={t('access.title')} description={t('access.description', { permission })} />
      </div>
    );
  }
  if (user.isError)
    return <ErrorPanel title={t('access.userFailed')} description={t('errors.network')} onRetry={() => void user.refetch()} />;
  return <FullScreenSpinner />;
}
