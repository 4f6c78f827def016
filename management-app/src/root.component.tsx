// Routes of the management app: the fleet, its plants, inverters and tags, and plant settings.
import React, { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders } from '@helio/shared-utils';

// Opt in to v7 behaviour now: no deprecation warnings, no change when react-router moves on.
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

export function Root() {
  return (
    <HelioProviders>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </HelioProviders>
  );
}
