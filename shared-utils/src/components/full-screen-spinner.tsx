// The fallback while a page or an app loads. It must never suspend itself: it is the
// Suspense fallback, so its label is used only once the 'common' namespace is there.
import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import './full-screen-spinner.css';

export function FullScreenSpinner() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div className="helio-full-screen-spinner" data-testid="full-screen-spinner" aria-busy="true">
      <Spinner aria-label={ready ? t('loading') : undefined} />
    </div>
  );
}
