// /flow: the active plant's power flow on a canvas that fills the rest of the window.
import React, { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@blueprintjs/core';
import { PageHeader, PlantGate, useActivePlant, type Plant, useNow } from '@helio/shared-utils';
import { PowerFlowDiagram } from '../diagram/power-flow-diagram.component';
import { hasAnyReading } from '../diagram/readings';
import { useLiveReadings } from '../diagram/live-readings.resource';
import { ShadowStates } from '../diagram/shadow-states.component';
import { useViewportFill } from './use-viewport-fill';
import '../flow-app.css';

function LiveFlowCanvas({ plant }: { plant: Plant }) {
  const { t } = useTranslation('flow-app');
  const { shadow, readings } = useLiveReadings(plant);
  const now = useNow();
  const canvas = useRef<HTMLDivElement>(null);
  const height = useViewportFill(canvas);

  let content: React.ReactNode;
  if (!shadow.data && !shadow.isError) content = <Spinner className="helio-flow-page__spinner" aria-label={t('states.loading')} />;
  else if (!shadow.data || !hasAnyReading(readings)) {
    content = <ShadowStates isError={shadow.isError} onRetry={() => void shadow.refetch()} plantName={plant.name} />;
  } else content = <PowerFlowDiagram plant={plant} readings={readings} now={now} showMiniMap />;

  return (
    <div ref={canvas} className="helio-flow-page__canvas" style={{ height }} data-testid="flow-canvas">
      {content}
    </div>
  );
}

export default function FlowPage() {
  const { t } = useTranslation('flow-app');
  const { plant } = useActivePlant();
  return (
    <div className="helio-flow-page">
      <PageHeader
        page="pages.flow"
        name={plant ? <span data-testid="flow-plant-name">{plant.name}</span> : undefined}
        description={t('flow.description')}
      />
      <PlantGate noPlantTestId="flow-no-plant">{(active) => <LiveFlowCanvas key={active.id} plant={active} />}</PlantGate>
    </div>
  );
}
