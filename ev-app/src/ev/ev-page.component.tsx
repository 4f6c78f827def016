// /ev: the active plant's chargers live with their own settings and charge plans, its OCPP chargers'
// remote start/stop and command history, the plant's vehicles and RFID cards, the plant's sessions, and the
// fleet's chargers.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { ErrorPanel, PageHeader, PlantGate, useActivePlant, useMayCall, type Plant } from '@helio/shared-utils';
import { ChargerCard } from './charger-card.component';
import { useChargers } from './ev.resource';
import { FleetCard } from './fleet-card.component';
import { IdTagsCard } from './id-tags-card.component';
import { OcppControlCard } from './ocpp-control-card.component';
import { useOcppChargers } from './ocpp-control.resource';
import { PlanCard } from './plan-card.component';
import { SessionsCard } from './sessions-card.component';
import { VehiclesCard } from './vehicles-card.component';
import './ev.css';

export default function EvPage() {
  const { t } = useTranslation('ev-app');
  const { plant } = useActivePlant();
  return (
    <div className="helio-ev">
      <PageHeader page="modules.ev" name={plant?.name} description={t('description')} />
      <PlantGate>{(active) => <EvChargers plant={active} />}</PlantGate>
    </div>
  );
}

function EvChargers({ plant }: { plant: Plant }) {
  const { t } = useTranslation('ev-app');
  const fleet = useChargers();
  const chargers = useOcppChargers(plant.id);
  const mayControl = useMayCall('ev/charger/settings');
  const ours = chargers.data?.chargers ?? [];
  const canControl = mayControl && chargers.data?.role !== 'viewer';
  return (
    <>
      {chargers.isError && !chargers.data && (
        <ErrorPanel title={t('states.chargersError')} description={t('states.errorDescription')} onRetry={() => chargers.refetch()} />
      )}
      {!chargers.data && !chargers.isError && <Spinner size={30} aria-label={t('states.loading')} />}
      {chargers.data && ours.length === 0 && (
        <div data-testid="no-charger">
          <NonIdealState icon="flash" title={t('states.noChargerTitle')} description={t('states.noChargerDescription')} />
        </div>
      )}
      {ours.map((charger) => (
        <React.Fragment key={charger.chargerId}>
          <ChargerCard charger={charger} plantId={plant.id} timeZone={plant.timezone} canControl={canControl} />
          <PlanCard charger={charger} plantId={plant.id} timeZone={plant.timezone} canControl={canControl} />
        </React.Fragment>
      ))}
      <OcppControlCard plantId={plant.id} canControl={mayControl} />
      <VehiclesCard plantId={plant.id} />
      <IdTagsCard plantId={plant.id} />
      <SessionsCard plant={plant} />
      {fleet.data && fleet.data.chargers.length > 0 && <FleetCard chargers={fleet.data.chargers} />}
    </>
  );
}
