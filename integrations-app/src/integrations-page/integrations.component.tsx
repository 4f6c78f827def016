// /integrations: API keys, webhooks and the API reference, with the way to the data sources.
import { AnchorButton } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { navigateToUrl } from 'single-spa';
import { PageHeader } from '@helio/shared-utils';
import { ApiKeys } from '../api-keys/api-keys.component';
import { ApiReference } from '../api-reference/api-reference.component';
import { Webhooks } from '../webhooks/webhooks.component';

export default function IntegrationsPage() {
  const { t } = useTranslation('integrations-app');
  return (
    <div className="helio-integrations">
      <PageHeader page="modules.integrations" description={t('page.description')}>
        <AnchorButton
          icon="data-connection"
          text={t('common:pages.sources')}
          href="/integrations/sources"
          onClick={(event) => {
            event.preventDefault();
            navigateToUrl('/integrations/sources');
          }}
        />
      </PageHeader>
      <ApiKeys />
      <Webhooks />
      <ApiReference />
    </div>
  );
}
