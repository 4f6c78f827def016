// The split screen of every auth page: the form panel with the product name and the language switch
// on the left, the illustration on the right (hidden on narrow screens).
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Classes, H1, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch.component';
import './auth-layout.css';

export function AuthLayout() {
  const { t } = useTranslation('auth-app');
  return (
    <div className="helio-auth-layout">
      <main className="helio-auth-panel">
        <header className="helio-auth-header">
          <div>
            <H1 className="helio-auth-product">{t('common:productName')}</H1>
            <p className={Classes.TEXT_MUTED}>{t('tagline')}</p>
          </div>
          <LanguageSwitch />
        </header>
        <div className="helio-auth-content">
          <Suspense fallback={<Spinner className="helio-auth-page-spinner" />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <div className="helio-auth-visual" role="presentation" data-testid="auth-visual" />
    </div>
  );
}
