// Routes of the forecasting app: /fep, the active plant's forecast and its accuracy.
import React, { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders, ModuleGate } from '@helio/shared-utils';

const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

export const FEP_MODULE = 'fep';

const ForecastPage = lazy(() => import(/* webpackChunkName: "forecast" */ './forecast/forecast.component'));

export function Root() {
  return (
    <HelioProviders>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route
              path="/fep"
              element={
                <ModuleGate module={FEP_MODULE}>
                  <ForecastPage />
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
