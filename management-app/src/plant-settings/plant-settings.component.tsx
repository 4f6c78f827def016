// /plant/{id}/settings: the same settings form and alert thresholds as the detail's settings tab, on its own page.
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { apiErrorText, PageHeader } from '@helio/shared-utils';
import { usePlantDetail } from '../plant-detail/plant-detail.resource';
import { AlertThresholdsSection } from './alert-thresholds.component';
import { SettingsForm } from './settings-form.component';

export default function PlantSettingsPage() {
  const { t } = useTranslation('management-app');
  const id = useParams().id ?? '';
  const detail = usePlantDetail(id);
  const crumbs = [
    { text: t('common:pages.plants'), href: '/management/plants' },
    { text: detail.data?.name ?? id, href: `/management/plants/${encodeURIComponent(id)}` },
    { text: t('detail.settings') },
  ];
  return (
    <div className="helio-management-page">
      <PageHeader breadcrumbs={crumbs} page="pages.plantSettings" name={detail.data?.name} />
      {detail.isPending ? (
        <Spinner />
      ) : detail.isError ? (
        <NonIdealState
          icon="search"
          title={detail.error.status === 404 ? t('detail.notFound') : t('detail.loadFailed')}
          description={apiErrorText(detail.error)}
        />
      ) : (
        <>
          <SettingsForm key={detail.data.id} plant={detail.data} />
          <AlertThresholdsSection key={`thresholds-${detail.data.id}`} plantId={detail.data.id} />
        </>
      )}
    </div>
  );
}
