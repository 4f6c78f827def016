// Routes of the monitoring app. This slice builds the dashboard; the app's other routes (/inverters,
// /batteries, /spot, /statistics, /services, /logs…) get their pages with a later issue.
import React, { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders, ModuleGate } from '@helio/shared-utils';

// Opt in to v7 behaviour now: no deprecation warnings, no change when react-router moves on.
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

const DashboardPage = lazy(() => import(/* webpackChunkName: "dashboard" */ './dashboard/dashboard.component'));

export const DASHBOARD_PATHS = ['/', '/monitoring', '/monitoring/dashboard'];
export const MONITORING_MODULE = 'monitoring';

export function Root() {
  return (
    <HelioProviders>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            {DASHBOARD_PATHS.map((path) => (
              <Route
                key={path}
                path={path}
                element={
                  <ModuleGate module={MONITORING_MODULE}>
                    <DashboardPage />
                  </ModuleGate>
                }
              />
            ))}
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </HelioProviders>
  );
}
