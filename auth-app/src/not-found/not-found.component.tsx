// Any route nobody owns: say so and offer the way home.
import { AnchorButton, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@helio/shared-utils';
import { followSpaLink } from '../spa-link';

export function NotFound() {
  const { t } = useTranslation('auth-app');
  useDocumentTitle(t('notFound.title'));
  return (
    <div data-testid="not-found">
      <NonIdealState
        icon="search"
        title={t('notFound.title')}
        description={t('notFound.description')}
        action={
          <AnchorButton href="/" intent="primary" icon="home" onClick={(event) => followSpaLink(event, '/')}>
            {t('notFound.home')}
          </AnchorButton>
        }
      />
    </div>
  );
}
