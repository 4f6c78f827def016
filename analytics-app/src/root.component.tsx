// Routes of the analytics app: the fleet overview, the benchmark and one plant against its peers.
import { lazy } from 'react';
import { ManifestRoutes } from '@helio/shared-utils';
import { manifest } from './manifest';

const OverviewPage = lazy(() => import(/* webpackChunkName: "analytics-overview" */ './overview/overview.component'));
const BenchmarkPage = lazy(() => import(/* webpackChunkName: "analytics-benchmark" */ './benchmark/benchmark.component'));
const PlantBenchmarkPage = lazy(() => import(/* webpackChunkName: "analytics-plant" */ './plant-benchmark/plant-benchmark.component'));

export function Root() {
  return (
    <ManifestRoutes
      manifest={manifest}
      pages={{ dashboard: <OverviewPage />, benchmark: <BenchmarkPage />, benchmarkPlant: <PlantBenchmarkPage /> }}
    />
  );
}
