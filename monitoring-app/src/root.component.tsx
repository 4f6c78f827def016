// Routes of the monitoring app: the dashboard, the plant's inverters and batteries, statistics, spot
// prices, services and the metric logs. Paths and the module wrapper come from the manifest.
import React, { lazy } from 'react';
import { ManifestRoutes } from '@helio/shared-utils';
import { manifest } from './manifest';

// Most sign-ins land on the dashboard: its chunk is fetched (idle priority) as soon as this app's code is.
const DashboardPage = lazy(() => import(/* webpackChunkName: "dashboard", webpackPrefetch: true */ './dashboard/dashboard.component'));
const LogsPage = lazy(() => import(/* webpackChunkName: "logs" */ './metric-log/logs.component'));
const StatisticsPage = lazy(() => import(/* webpackChunkName: "statistics" */ './statistics/statistics.component'));
const SpotPage = lazy(() => import(/* webpackChunkName: "spot" */ './spot/spot.component'));
const ServicesPage = lazy(() => import(/* webpackChunkName: "services" */ './services/services.component'));
const DevicesPage = lazy(() => import(/* webpackChunkName: "devices" */ './devices/devices.component'));
const MetricLogPage = lazy(() => import(/* webpackChunkName: "metric-log" */ './metric-log/metric-log.component'));

export function Root() {
  return (
    <ManifestRoutes
      manifest={manifest}
      pages={{
        dashboard: <DashboardPage />,
        inverters: <DevicesPage kind="inverter" />,
        batteries: <DevicesPage kind="battery" />,
        services: <ServicesPage />,
        spot: <SpotPage />,
        statistics: <StatisticsPage />,
        logs: <LogsPage />,
        metricLog: <MetricLogPage />,
      }}
    />
  );
}
