// The states every page of the app shows before it has a plant: loading, the plant list failing,
// and no plant at all (a clear empty state, never a made-up default plant).
import React from 'react';
import { useTranslation } from 'react-i18next';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { ErrorPanel, queryClient, type ApiError } from '@helio/shared-utils';

export function PlantStates({ isLoading, error }: { isLoading: boolean; error: ApiError | null }) {
  const { t } = useTranslation('flow-app');
  if (isLoading) return <Spinner className="helio-flow-page__spinner" aria-label={t('states.loading')} />;
  if (error) {
    return (
      <ErrorPanel
        title={t('states.plantsErrorTitle')}
        description={t('states.errorDescription')}
        onRetry={() => queryClient.refetchQueries({ queryKey: ['plant/list'] })}
      />
    );
  }
  return (
    <div data-testid="flow-no-plant">
      <NonIdealState icon="office" title={t('states.noPlantTitle')} description={t('states.noPlantDescription')} />
    </div>
  );
}

/** Shadow loading or failing, or a gateway that has not reported yet. */
export function ShadowStates({ isError, onRetry, plantName }: { isError: boolean; onRetry: () => void; plantName: string }) {
  const { t } = useTranslation('flow-app');
  if (isError) return <ErrorPanel title={t('states.shadowErrorTitle')} description={t('states.errorDescription')} onRetry={onRetry} />;
  return (
    <div data-testid="flow-waiting">
      <NonIdealState icon="satellite" title={t('states.waitingTitle')} description={t('states.waitingDescription', { plant: plantName })} />
    </div>
  );
}
