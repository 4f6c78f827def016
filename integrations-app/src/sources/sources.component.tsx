// /integrations/sources: where each plant's data comes from (its gateway), the spot price source,
// and the import of metric history.
import { Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText, PageHeader } from '@helio/shared-utils';
import { GatewayCard } from './gateway-card.component';
import { HistoryImport } from './history-import.component';
import { useSources } from './sources.resource';
import { SpotCard } from './spot-card.component';

export default function SourcesPage() {
  const { t } = useTranslation('integrations-app');
  const sources = useSources();
  return (
    <div className="helio-integrations">
      <PageHeader
        breadcrumbs={[{ href: '/integrations', text: t('common:modules.integrations') }, { text: t('common:pages.sources') }]}
        page="pages.sources"
        description={t('sources.description')}
      />
      {sources.isPending && <Spinner />}
      {sources.isError && <NonIdealState icon="error" title={t('common.loadFailed')} description={apiErrorText(sources.error)} />}
      {sources.data && (
        <>
          <section aria-label={t('sources.gateways')} className="helio-source-grid">
            {sources.data.plants.length === 0 && <Callout>{t('sources.noPlants')}</Callout>}
            {sources.data.plants.map((plant) => (
              <GatewayCard key={plant.id} plant={plant} />
            ))}
            <SpotCard spot={sources.data.spot} />
          </section>
          {sources.data.plants.length > 0 && <HistoryImport plants={sources.data.plants} />}
        </>
      )}
    </div>
  );
}
