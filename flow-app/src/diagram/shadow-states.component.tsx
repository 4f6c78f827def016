// The states a page shows while the plant's shadow loads or fails, or before its gateway reported.
// (The states before there is a plant at all are shared-utils' PlantGate.)
import React from 'react';
import { useTranslation } from 'react-i18next';
import { NonIdealState } from '@blueprintjs/core';
import { ErrorPanel } from '@helio/shared-utils';

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
