// Routes of the analytics app: the fleet overview, the benchmark and one plant against its peers.
import { lazyPage, ManifestRoutes, pagePreloader } from '@helio/shared-utils';
import { manifest } from './manifest';

const OverviewPage = lazyPage(() => import(/* webpackChunkName: "analytics-overview" */ './overview/overview.component'));
const BenchmarkPage = lazyPage(() => import(/* webpackChunkName: "analytics-benchmark" */ './benchmark/benchmark.component'));
const PlantBenchmarkPage = lazyPage(() => import(/* webpackChunkName: "analytics-plant" */ './plant-benchmark/plant-benchmark.component'));

// The code helioApplication waits for: the page of the URL the app mounts on.
export const preloadPageAt = pagePreloader(manifest, {
  dashboard: OverviewPage,
  benchmark: BenchmarkPage,
  benchmarkPlant: PlantBenchmarkPage,
});

export function Root() {
  return (
    <ManifestRoutes
      manifest={manifest}
      pages={{ dashboard: <OverviewPage />, benchmark: <BenchmarkPage />, benchmarkPlant: <PlantBenchmarkPage /> }}
    />
  );
}
