// What the module wrapper shows, apart from where the current user comes from (so the jest mock can
// wire the same view to its own useCurrentUser): the children, the no-access page, an error or a spinner.
import type { ReactNode } from 'react';
import type { ModuleKey } from '@helio/contracts/limits';
import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { navigateToUrl } from 'single-spa';
import type { ApiError } from '../api/api-error';
import type { UserInfo } from '../api/endpoints';
import { ErrorPanel } from './error-panel';
import { FullScreenSpinner } from './full-screen-spinner';

/** The page a user without the module sees; also usable on its own. */
export function ModuleNoAccess({ module }: { module: ModuleKey }) {
  const { t } = useTranslation('common');
  const name = t(`modules.${module}`, { defaultValue: module });
  return (
    <div data-testid="module-no-access" data-module={module}>
      <NonIdealState
        icon="lock"
        title={t('moduleGate.title', { module: name })}
        description={t('moduleGate.description', { module: name })}
        action={
          <AnchorButton
            href="/my-account"
            icon="person"
            text={t('moduleGate.myAccount')}
            onClick={(event) => {
              event.preventDefault();
              navigateToUrl('/my-account');
            }}
          />
        }
      />
    </div>
  );
}

export interface ModuleGateViewProps {
  module: ModuleKey;
  user: UseQueryResult<Pick<UserInfo, 'modules'>, ApiError>;
  children?: ReactNode;
}

export function ModuleGateView({ module, user, children }: ModuleGateViewProps) {
  const { t } = useTranslation('common');
  if (user.data) return user.data.modules.includes(module) ? <>{children}</> : <ModuleNoAccess module={module} />;
  if (user.isError) {
    return (
      <ErrorPanel title={t('moduleGate.userFailed')} description={t('moduleGate.userFailedHint')} onRetry={() => void user.refetch()} />
    );
  }
  return <FullScreenSpinner />;
}
