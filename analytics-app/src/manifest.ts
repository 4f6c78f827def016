// What the shell and the nav know of this app without loading it: its pages' paths, the module they
// need, and its menu entry and items. Type imports only: the build reads this file without bundling it.
import type { AppManifest } from '@helio/shared-utils';

export const manifest = {
  module: 'analytics',
  routes: {
    dashboard: { paths: ['/analytics'] },
    benchmark: { paths: ['/analytics/benchmark'] },
    benchmarkPlant: { paths: ['/analytics/benchmark/plant/:id'] },
  },
  menu: {
    entries: [
      {
        key: 'analytics',
        label: 'modules.analytics',
        href: '/analytics',
        icon: { active: 'trending-up', inactive: 'trending-up' },
        module: 'analytics',
        order: 90,
      },
    ],
    items: [
      { group: 'analytics', label: 'pages.analyticsOverview', href: '/analytics', icon: 'dashboard', order: 10 },
      { group: 'analytics', label: 'pages.benchmark', href: '/analytics/benchmark', icon: 'comparison', order: 20 },
      // Reached from a benchmark row, never from the list: hidden, still matched (the panel stays on analytics).
      {
        group: 'analytics',
        label: 'pages.plantBenchmark',
        href: '/analytics/benchmark/plant/:id',
        hidden: true,
        order: 30,
      },
    ],
  },
} as const satisfies AppManifest;
