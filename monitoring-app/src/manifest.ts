// What the shell and the nav know of this app without loading it: its pages' paths, the module they
// need, and its menu entries. Type imports only: the build reads this file without bundling it.
import type { AppManifest } from '@helio/shared-utils';

export const manifest = {
  module: 'monitoring',
  routes: {
    dashboard: { paths: ['/', '/monitoring', '/monitoring/dashboard'], liveShadow: true },
    inverters: { paths: ['/inverters'] },
    batteries: { paths: ['/batteries'] },
    services: { paths: ['/services'] },
    spot: { paths: ['/spot'] },
    statistics: { paths: ['/statistics'] },
    logs: { paths: ['/logs'] },
    metricLog: { paths: ['/logs/:metricKey'] },
  },
  menu: {
    entries: [
      {
        key: 'dashboard',
        label: 'pages.dashboard',
        href: '/',
        icon: { active: 'dashboard', inactive: 'dashboard' },
        order: 10,
      },
      {
        key: 'monitoring',
        label: 'modules.monitoring',
        href: '/monitoring',
        icon: { active: 'timeline-line-chart', inactive: 'timeline-line-chart' },
        module: 'monitoring',
        order: 20,
      },
    ],
    items: [
      // /monitoring shows the dashboard: it lights the dashboard's item
      {
        group: 'monitoring',
        label: 'modules.monitoring',
        href: '/monitoring',
        hidden: true,
        parentHref: '/monitoring/dashboard',
        order: 10,
      },
      { group: 'monitoring', label: 'pages.dashboard', href: '/monitoring/dashboard', icon: 'dashboard', order: 20 },
      { group: 'monitoring', label: 'pages.inverters', href: '/inverters', icon: 'flash', order: 40 },
      { group: 'monitoring', label: 'pages.batteries', href: '/batteries', icon: 'lightning', order: 50 },
      { group: 'monitoring', label: 'pages.spot', href: '/spot', icon: 'euro', order: 60 },
      { group: 'monitoring', label: 'pages.statistics', href: '/statistics', icon: 'chart', order: 70 },
      { group: 'monitoring', label: 'pages.services', href: '/services', icon: 'wrench', order: 80 },
      { group: 'monitoring', label: 'pages.logs', href: '/logs', icon: 'list', order: 90 },
      { group: 'monitoring', label: 'pages.metricLog', href: '/logs/:metricKey', hidden: true, order: 100 },
    ],
  },
} as const satisfies AppManifest;
