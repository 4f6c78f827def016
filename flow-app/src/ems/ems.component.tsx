// /ems: energy management of the active plant: the live power flow, the battery and its operating
// mode, and today's energy balance.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Card, H4, Spinner } from '@blueprintjs/core';
import { PageHeader, PlantGate, useActivePlant, type Plant, useNow } from '@helio/shared-utils';
import { PowerFlowDiagram } from '../diagram/power-flow-diagram.component';
import { hasAnyReading } from '../diagram/readings';
import { useLiveReadings } from '../diagram/live-readings.resource';
import { ShadowStates } from '../diagram/shadow-states.component';
import { BatteryCard } from './battery-card.component';
import { EnergyBalanceCard } from './energy-balance.component';
import { LiveNowCard } from './live-now.component';
import '../flow-app.css';
import './ems.css';

function EmsOverview({ plant }: { plant: Plant }) {
  const { t } = useTranslation('flow-app');
  const { shadow, readings } = useLiveReadings(plant);
  const now = useNow();
  const refetch = () => void shadow.refetch();

  let live: React.ReactNode;
  if (!shadow.data && !shadow.isError) live = <Spinner className="helio-flow-page__spinner" aria-label={t('states.loading')} />;
  else if (!shadow.data || !hasAnyReading(readings))
    live = <ShadowStates isError={shadow.isError} onRetry={refetch} plantName={plant.name} />;

  return (
    <div className="helio-ems-grid">
      <Card className="helio-ems-card helio-ems-card--flow">
        <H4 className="helio-ems-card__title">{t('ems.flowTitle')}</H4>
        <div className="helio-ems-flow">{live ?? <PowerFlowDiagram plant={plant} readings={readings} now={now} />}</div>
      </Card>
      {live ? (
        <Card className="helio-ems-card">{live}</Card>
      ) : (
        <div className="helio-ems-side">
          <BatteryCard plant={plant} readings={readings} now={now} onStored={refetch} />
          <LiveNowCard plant={plant} readings={readings} />
        </div>
      )}
      <div className="helio-ems-wide">
        <EnergyBalanceCard plant={plant} />
      </div>
    </div>
  );
}

export default function EmsPage() {
  const { t } = useTranslation('flow-app');
  const { plant } = useActivePlant();
  return (
    <div className="helio-ems">
      <PageHeader
        page="modules.ems"
        name={plant ? <span data-testid="ems-plant-name">{plant.name}</span> : undefined}
        description={t('ems.description')}
      />
      <PlantGate noPlantTestId="flow-no-plant">{(active) => <EmsOverview key={active.id} plant={active} />}</PlantGate>
    </div>
  );
}
