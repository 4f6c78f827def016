// The dashboard (/, /monitoring, /monitoring/dashboard): live tiles of the active plant, following
// the plant chosen in the nav and every pushed shadow update, and today's power chart.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { ErrorPanel, PageHeader, useActivePlant, useShadow, type Plant, useNow, PlantGate } from '@helio/shared-utils';
import { PowerTileCard } from './power-tile.component';
import { TodayPowerCard } from './today-power.component';
import { buildTiles, hasReported } from './tiles';
import './dashboard.css';

function LiveTiles({ plant }: { plant: Plant }) {
  const { t } = useTranslation('monitoring-app');
  const shadow = useShadow(plant.thingName);
  const now = useNow();

  if (!shadow.data) {
    if (shadow.isError) {
      return (
        <ErrorPanel title={t('states.shadowErrorTitle')} description={t('states.errorDescription')} onRetry={() => shadow.refetch()} />
      );
    }
    return <Spinner className="helio-dashboard__spinner" aria-label={t('dashboard.tilesLabel')} />;
  }
  if (!hasReported(shadow.data)) {
    return (
      <div data-testid="dashboard-waiting">
        <NonIdealState
          icon="satellite"
          title={t('states.waitingTitle')}
          description={t('states.waitingDescription', { plant: plant.name })}
        />
      </div>
    );
  }
  return (
    <section className="helio-dashboard__tiles" aria-label={t('dashboard.tilesLabel')}>
      {buildTiles(plant, shadow.data).map((tile) => (
        <PowerTileCard key={tile.kind} tile={tile} now={now} />
      ))}
    </section>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation('monitoring-app');
  const { plant } = useActivePlant();
  return (
    <div className="helio-dashboard">
      <PageHeader
        page="pages.dashboard"
        name={plant ? <span data-testid="dashboard-plant-name">{plant.name}</span> : undefined}
        description={t('dashboard.description')}
      />
      <PlantGate noPlantTestId="dashboard-no-plant">
        {(active) => (
          <>
            <LiveTiles plant={active} />
            <TodayPowerCard plant={active} />
          </>
        )}
      </PlantGate>
    </div>
  );
}
