// Routes of the integrations app: API keys, webhooks and the API reference; the plants' data sources.
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders, ModuleGate } from '@helio/shared-utils';
import './integrations.css';

const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
export const INTEGRATIONS_MODULE = 'integrations';

const IntegrationsPage = lazy(() => import(/* webpackChunkName: "integrations" */ './integrations-page/integrations.component'));
const SourcesPage = lazy(() => import(/* webpackChunkName: "sources" */ './sources/sources.component'));

export function Root() {
  return (
    <HelioProviders>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route path="/integrations" element={<ModuleGate module={INTEGRATIONS_MODULE}><IntegrationsPage /></ModuleGate>} />
            <Route path="/integrations/sources" element={<ModuleGate module={INTEGRATIONS_MODULE}><SourcesPage /></ModuleGate>} />
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </HelioProviders>
  );
}
