// The states every plant page shares before it has a plant: loading, plants failed, no plant.
import React, { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { ErrorPanel, queryClient, useActivePlant, type Plant } from '@helio/shared-utils';

export interface WithActivePlantProps {
  children: (plant: Plant) => ReactNode;
  noPlantTestId?: string;
}

export function WithActivePlant({ children, noPlantTestId = 'no-plant' }: WithActivePlantProps) {
  const { t } = useTranslation('monitoring-app');
  const { plant, isLoading, error } = useActivePlant();
  if (plant) return <>{children(plant)}</>;
  if (isLoading) return <Spinner className="helio-dashboard__spinner" />;
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
    <div data-testid={noPlantTestId}>
      <NonIdealState icon="office" title={t('states.noPlantTitle')} description={t('states.noPlantDescription')} />
    </div>
  );
}
