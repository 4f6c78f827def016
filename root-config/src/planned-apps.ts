// Manifests of the modules whose apps are not built yet: their routes are main routes (the nav and
// nothing else) and their menu entries show, from today. When a module's app arrives with its own
// `src/manifest.ts`, its entry here is ignored; delete it then (tools/app-manifests.test.js says so).
// Type imports only: the build reads this file without bundling it.
import type { AppManifest } from '@helio/shared-utils';

export const plannedApps: Record<string, AppManifest> = {
  '@helio/rc-app': {
    module: 'rc',
    routes: { remoteControl: { paths: ['/rc'] } },
    menu: {
      entries: [
        {
          key: 'rc',
          label: { cs: 'Dálkové ovládání', en: 'Remote control' },
          href: '/rc',
          icon: { active: 'control', inactive: 'control' },
          module: 'rc',
          order: 50,
        },
      ],
    },
  },
  '@helio/fep-app': {
    module: 'fep',
    routes: { forecasting: { paths: ['/fep'] } },
    menu: {
      entries: [
        {
          key: 'fep',
          label: { cs: 'Předpovědi', en: 'Forecasting' },
          href: '/fep',
          icon: { active: 'timeline-area-chart', inactive: 'timeline-area-chart' },
          module: 'fep',
          order: 60,
        },
      ],
    },
  },
  '@helio/analytics-app': {
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
        {
          group: 'analytics',
          label: { cs: 'Srovnání elektrárny', en: 'Plant benchmark' },
          href: '/analytics/benchmark/plant/:id',
          hidden: true,
          order: 30,
        },
      ],
    },
  },
  '@helio/integrations-app': {
    module: 'integrations',
    routes: { overview: { paths: ['/integrations'] }, sources: { paths: ['/integrations/sources'] } },
    menu: {
      entries: [
        // Hidden from the rail: reached from the profile menu.
        {
          key: 'integrations',
          label: { cs: 'Integrace', en: 'Integrations' },
          href: '/integrations',
          icon: { active: 'data-connection', inactive: 'data-connection' },
          module: 'integrations',
          hidden: true,
          order: 100,
        },
      ],
      items: [
        { group: 'integrations', label: { cs: 'Integrace', en: 'Integrations' }, href: '/integrations', icon: 'applications', order: 10 },
        {
          group: 'integrations',
          label: { cs: 'Zdroje dat', en: 'Data sources' },
          href: '/integrations/sources',
          icon: 'database',
          order: 20,
        },
      ],
    },
  },
};
