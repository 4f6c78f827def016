// Routes of the analytics app: the fleet overview, the benchmark and one plant against its peers.
import React, { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders, ModuleGate } from '@helio/shared-utils';

// Opt in to v7 behaviour now: no deprecation warnings, no change when react-router moves on.
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

export const ANALYTICS_MODULE = 'analytics';

const OverviewPage = lazy(() => import(/* webpackChunkName: "analytics-overview" */ './overview/overview.component'));
const BenchmarkPage = lazy(() => import(/* webpackChunkName: "analytics-benchmark" */ './benchmark/benchmark.component'));
const PlantBenchmarkPage = lazy(() => import(/* webpackChunkName: "analytics-plant" */ './plant-benchmark/plant-benchmark.component'));

const gated = (page: React.ReactNode) => <ModuleGate module={ANALYTICS_MODULE}>{page}</ModuleGate>;

export function Root() {
  return (
    <HelioProviders>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            <Route path="/analytics" element={gated(<OverviewPage />)} />
            <Route path="/analytics/benchmark" element={gated(<BenchmarkPage />)} />
            <Route path="/analytics/benchmark/plant/:id" element={gated(<PlantBenchmarkPage />)} />
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </HelioProviders>
  );
}
