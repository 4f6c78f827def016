// Routes of the flow app: the power-flow diagram and energy management. Each page is its own lazy
// chunk, so @xyflow/react loads only when /flow or /ems is opened.
import React, { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders } from '@helio/shared-utils';

// Opt in to v7 behaviour now: no deprecation warnings, no change when react-router moves on.
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

const FlowPage = lazy(() => import(/* webpackChunkName: "flow" */ './flow/flow.component'));
const EmsPage = lazy(() => import(/* webpackChunkName: "ems" */ './ems/ems.component'));

export function Root() {
  return (
    <HelioProviders>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route path="/flow" element={<FlowPage />} />
            <Route path="/ems" element={<EmsPage />} />
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </HelioProviders>
  );
}
