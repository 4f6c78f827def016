// Routes of the monitoring app: the dashboard, the plant's inverters and batteries, statistics, spot
// prices, services and the metric logs.
import React, { lazy, Suspense } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, HelioProviders, ModuleGate } from '@helio/shared-utils';

// Opt in to v7 behaviour now: no deprecation warnings, no change when react-router moves on.
const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

const DashboardPage = lazy(() => import(/* webpackChunkName: "dashboard" */ './dashboard/dashboard.component'));
const LogsPage = lazy(() => import(/* webpackChunkName: "logs" */ './metric-log/logs.component'));
const StatisticsPage = lazy(() => import(/* webpackChunkName: "statistics" */ './statistics/statistics.component'));
const SpotPage = lazy(() => import(/* webpackChunkName: "spot" */ './spot/spot.component'));
const ServicesPage = lazy(() => import(/* webpackChunkName: "services" */ './services/services.component'));
const DevicesPage = lazy(() => import(/* webpackChunkName: "devices" */ './devices/devices.component'));
const MetricLogPage = lazy(() => import(/* webpackChunkName: "metric-log" */ './metric-log/metric-log.component'));

export const DASHBOARD_PATHS = ['/', '/monitoring', '/monitoring/dashboard'];
export const MONITORING_MODULE = 'monitoring';

export function Root() {
  return (
    <HelioProviders>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Routes>
            {/* Every monitoring page sits in the module's wrapper: a user without it meets its no-access page. */}
            <Route
              element={
                <ModuleGate module={MONITORING_MODULE}>
                  <Outlet />
                </ModuleGate>
              }
            >
              {DASHBOARD_PATHS.map((path) => (
                <Route key={path} path={path} element={<DashboardPage />} />
              ))}
              <Route path="/inverters" element={<DevicesPage kind="inverter" />} />
              <Route path="/batteries" element={<DevicesPage kind="battery" />} />
              <Route path="/services" element={<ServicesPage />} />
              <Route path="/spot" element={<SpotPage />} />
              <Route path="/statistics" element={<StatisticsPage />} />
              <Route path="/logs" element={<LogsPage />} />
              <Route path="/logs/:metricKey" element={<MetricLogPage />} />
            </Route>
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </HelioProviders>
  );
}
