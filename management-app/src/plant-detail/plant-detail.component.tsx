// /management/plants/{id}: the plant's overview (facts and live status), its devices (and its OCPP chargers, for users of
// the ev module), its settings and who may see it (access), as tabs;
// the tab is kept in the address (?tab=settings) so it can be linked and survives a reload.
import { Button, NonIdealState, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { apiErrorText, PageHeader, setActivePlant, useActivePlant, useCurrentUser } from '@helio/shared-utils';
import { AlertThresholdsSection } from '../plant-settings/alert-thresholds.component';
import { SettingsForm } from '../plant-settings/settings-form.component';
import { PlantAccess } from './plant-access.component';
import { PlantChargers } from './plant-chargers.component';
import { PlantDevices } from './plant-devices.component';
import { PlantOverview } from './plant-overview.component';
import { usePlantDetail, usePlantStatus } from './plant-detail.resource';

type DetailTab = 'overview' | 'devices' | 'settings' | 'access';
const TABS: readonly DetailTab[] = ['overview', 'devices', 'settings', 'access'];

export default function PlantDetailPage() {
  const { t } = useTranslation('management-app');
  const id = useParams().id ?? '';
  const [params, setParams] = useSearchParams();
  const tab: DetailTab = TABS.find((known) => known === params.get('tab')) ?? 'overview';
  const detail = usePlantDetail(id);
  const status = usePlantStatus(id);
  const { plant: active } = useActivePlant();
  const usesEv = useCurrentUser().data?.modules.includes('ev') ?? false;
  const crumbs = [{ text: t('common:pages.plants'), href: '/management/plants' }, { text: detail.data?.name ?? id }];

  if (detail.isPending) return <Spinner />;
  if (detail.isError) {
    return (
      <div className="helio-management-page">
        <PageHeader breadcrumbs={crumbs} page="pages.plantDetail" />
        <NonIdealState
          icon={detail.error.status === 404 ? 'search' : 'error'}
          title={detail.error.status === 404 ? t('detail.notFound') : t('detail.loadFailed')}
          description={apiErrorText(detail.error)}
        />
      </div>
    );
  }
  const plant = detail.data;

  return (
    <div className="helio-management-page">
      <PageHeader breadcrumbs={crumbs} title={plant.name} description={plant.location}>
        {active?.id === plant.id ? (
          <Tag large minimal intent="primary" icon="star" data-testid="detail-active">
            {t('plants.active')}
          </Tag>
        ) : (
          <Button icon="star-empty" text={t('plants.makeActive')} onClick={() => setActivePlant(plant)} data-testid="detail-make-active" />
        )}
      </PageHeader>
      <Tabs
        id="plant-detail-tabs"
        selectedTabId={tab}
        onChange={(next) => setParams(next === 'overview' ? {} : { tab: String(next) }, { replace: true })}
        large
      >
        <Tab id="overview" title={t('detail.overview')} panel={<PlantOverview plant={plant} status={status.data} />} />
        <Tab
          id="devices"
          title={t('detail.devices')}
          panel={
            <>
              <PlantDevices plant={plant} />
              {usesEv && <PlantChargers plant={plant} />}
            </>
          }
          data-testid="tab-devices"
        />
        {/* keyed by plant only: a refetch must not reset what the user is typing; conflicts surface on save */}
        <Tab
          id="settings"
          title={t('detail.settings')}
          panel={
            <>
              <SettingsForm key={plant.id} plant={plant} />
              <AlertThresholdsSection key={`thresholds-${plant.id}`} plantId={plant.id} />
            </>
          }
          data-testid="tab-settings"
        />
        <Tab id="access" title={t('detail.access')} panel={<PlantAccess plant={plant} />} data-testid="tab-access" />
      </Tabs>
    </div>
  );
}
