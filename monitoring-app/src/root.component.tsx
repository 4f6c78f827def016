// Routes of the monitoring app: the dashboard, the plant's inverters and batteries, statistics, spot
// prices, services and the metric logs. Paths and the module wrapper come from the manifest.
import React from 'react';
import { lazyPage, ManifestRoutes, pagePreloader } from '@helio/shared-utils';
import { manifest } from './manifest';

// Most sign-ins land on the dashboard: its chunk is fetched (idle priority) as soon as this app's code is.
const DashboardPage = lazyPage(() => import(/* webpackChunkName: "dashboard", webpackPrefetch: true */ './dashboard/dashboard.component'));
const LogsPage = lazyPage(() => import(/* webpackChunkName: "logs" */ './metric-log/logs.component'));
const StatisticsPage = lazyPage(() => import(/* webpackChunkName: "statistics" */ './statistics/statistics.component'));
const SpotPage = lazyPage(() => import(/* webpackChunkName: "spot" */ './spot/spot.component'));
const ServicesPage = lazyPage(() => import(/* webpackChunkName: "services" */ './services/services.component'));
const DevicesPage = lazyPage(() => import(/* webpackChunkName: "devices" */ './devices/devices.component'));
const MetricLogPage = lazyPage(() => import(/* webpackChunkName: "metric-log" */ './metric-log/metric-log.component'));

// The code helioApplication waits for: the page of the URL the app mounts on.
export const preloadPageAt = pagePreloader(manifest, {
  dashboard: DashboardPage,
  inverters: DevicesPage,
  batteries: DevicesPage,
  services: ServicesPage,
  spot: SpotPage,
  statistics: StatisticsPage,
  logs: LogsPage,
  metricLog: MetricLogPage,
});

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
