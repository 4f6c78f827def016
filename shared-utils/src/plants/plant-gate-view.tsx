// The view of the one gate of every page that needs the active plant, apart from where the plant
// comes from (so the jest mock wires the same view to its own state): the page renders only with a
// plant; before it every app shows the same states (loading, plants failed with a retry, no plant).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import type { ApiError } from '../api/api-error';
import type { Plant } from '../api/endpoints';
import { ErrorPanel } from '../components/error-panel';
import './plant-gate.css';

export interface PlantGateProps {
  children: (plant: Plant) => ReactNode;
  /** test id of the no-plant state (pages keep their own for their journeys) */
  noPlantTestId?: string;
}

export interface PlantGateViewProps extends PlantGateProps {
  state: { plant: Plant | null; isLoading: boolean; error: ApiError | null };
  onRetry: () => void;
}

export function PlantGateView({ state, onRetry, children, noPlantTestId = 'no-plant' }: PlantGateViewProps) {
  const { t } = useTranslation('common');
  if (state.plant) return <>{children(state.plant)}</>;
  if (state.isLoading) return <Spinner className="helio-plant-gate__spinner" aria-label={t('plantGate.loading')} />;
  if (state.error) {
    return <ErrorPanel title={t('plantGate.plantsErrorTitle')} description={t('plantGate.errorDescription')} onRetry={onRetry} />;
  }
  return (
    <div data-testid={noPlantTestId}>
      <NonIdealState icon="office" title={t('plantGate.noPlantTitle')} description={t('plantGate.noPlantDescription')} />
    </div>
  );
}
