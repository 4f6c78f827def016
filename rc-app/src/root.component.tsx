// Routes of the remote-control app: /rc, behind the rc module.
import React, { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders, ModuleGate } from '@helio/shared-utils';

// Opt in to v7 behaviour now: no deprecation warnings, no change when react-router moves on.
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
export const RC_MODULE = 'rc';

const RemoteControlPage = lazy(() => import(/* webpackChunkName: "remote-control" */ './remote-control/remote-control.component'));

export function Root() {
  return (
    <HelioProviders>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route
              path="/rc"
              element={
                <ModuleGate module={RC_MODULE}>
                  <RemoteControlPage />
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
