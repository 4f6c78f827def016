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
        label: { cs: 'Analýzy', en: 'Analytics' },
        href: '/analytics',
        icon: { active: 'trending-up', inactive: 'trending-up' },
        module: 'analytics',
        order: 90,
      },
    ],
    items: [
      { group: 'analytics', label: { cs: 'Přehled', en: 'Overview' }, href: '/analytics', icon: 'dashboard', order: 10 },
      { group: 'analytics', label: { cs: 'Srovnání', en: 'Benchmark' }, href: '/analytics/benchmark', icon: 'comparison', order: 20 },
      // Reached from a benchmark row, never from the list: hidden, still matched (the panel stays on analytics).
      {
        group: 'analytics',
        label: { cs: 'Srovnání elektrárny', en: 'Plant benchmark' },
        href: '/analytics/benchmark/plant/:id',
        hidden: true,
        order: 30,
      },
    ],
  },
} as const satisfies AppManifest;
