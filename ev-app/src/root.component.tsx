// Routes of the EV app: /ev, the active plant's chargers live with their settings and charge plan,
// the plant's sessions, and every charger of the fleet.
import React, { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders, ModuleGate } from '@helio/shared-utils';

const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

export const EV_MODULE = 'ev';

const EvPage = lazy(() => import(/* webpackChunkName: "ev" */ './ev/ev-page.component'));

export function Root() {
  return (
    <HelioProviders>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route
              path="/ev"
              element={
                <ModuleGate module={EV_MODULE}>
                  <EvPage />
                </ModuleGate>
              }
            />
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </HelioProviders>
  );
}
