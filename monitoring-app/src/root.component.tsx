// Routes of the monitoring app: the dashboard, statistics, spot prices and the metric logs. The app's other
// routes (/inverters, /batteries, /services) get their pages with a later issue and show nothing until then.
import React, { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders } from '@helio/shared-utils';

// Opt in to v7 behaviour now: no deprecation warnings, no change when react-router moves on.
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

const DashboardPage = lazy(() => import(/* webpackChunkName: "dashboard" */ './dashboard/dashboard.component'));
const LogsPage = lazy(() => import(/* webpackChunkName: "logs" */ './metric-log/logs.component'));
const StatisticsPage = lazy(() => import(/* webpackChunkName: "statistics" */ './statistics/statistics.component'));
const SpotPage = lazy(() => import(/* webpackChunkName: "spot" */ './spot/spot.component'));
const MetricLogPage = lazy(() => import(/* webpackChunkName: "metric-log" */ './metric-log/metric-log.component'));

export const DASHBOARD_PATHS = ['/', '/monitoring', '/monitoring/dashboard'];

export function Root() {
  return (
    <HelioProviders>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            {DASHBOARD_PATHS.map((path) => (
              <Route key={path} path={path} element={<DashboardPage />} />
            ))}
            <Route path="/spot" element={<SpotPage />} />
            <Route path="/statistics" element={<StatisticsPage />} />
            <Route path="/logs" element={<LogsPage />} />
            <Route path="/logs/:metricKey" element={<MetricLogPage />} />
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </HelioProviders>
  );
}
