// What an app shows when it crashes (single-spa-react's errorBoundary): the rest of the console keeps
// working; Retry reloads the page. Rendered outside the app's providers, so it must not suspend.
import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from './error-panel';

export function AppErrorPanel({ error }: { error: unknown }) {
  const { t } = useTranslation('common', { useSuspense: false });
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <ErrorPanel
      title={t('appFailed.title')}
      description={
        <>
          <p>{t('appFailed.description')}</p>
          {detail && <p className={Classes.TEXT_MUTED}>{detail}</p>}
        </>
      }
      onRetry={() => window.location.reload()}
    />
  );
}
