// Routes of the flow app: the power-flow diagram and energy management. Each page is its own lazy
// chunk, so @xyflow/react loads only when /flow or /ems is opened; each sits in its module's wrapper.
import React, { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders, ModuleGate } from '@helio/shared-utils';

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
            {/* /flow belongs to the monitoring group, /ems is the energy management module (SPEC §2). */}
            <Route
              path="/flow"
              element={
                <ModuleGate module="monitoring">
                  <FlowPage />
                </ModuleGate>
              }
            />
            <Route
              path="/ems"
              element={
                <ModuleGate module="ems">
                  <EmsPage />
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
