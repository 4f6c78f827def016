// What the shell and the nav know of this app without loading it: its pages' paths, the module they
// need, and its menu entries. Type imports only: the build reads this file without bundling it.
import type { AppManifest } from '@helio/shared-utils';

export const manifest = {
  module: 'monitoring',
  routes: {
    dashboard: { paths: ['/', '/monitoring', '/monitoring/dashboard'] },
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
        label: { cs: 'Přehled', en: 'Dashboard' },
        href: '/',
        icon: { active: 'dashboard', inactive: 'dashboard' },
        order: 10,
      },
      {
        key: 'monitoring',
        label: { cs: 'Monitoring', en: 'Monitoring' },
        href: '/monitoring',
        icon: { active: 'timeline-line-chart', inactive: 'timeline-line-chart' },
        module: 'monitoring',
        order: 20,
      },
    ],
    items: [
      { group: 'monitoring', label: { cs: 'Monitoring', en: 'Monitoring' }, href: '/monitoring', hidden: true, order: 10 },
      { group: 'monitoring', label: { cs: 'Přehled', en: 'Overview' }, href: '/monitoring/dashboard', icon: 'dashboard', order: 20 },
      { group: 'monitoring', label: { cs: 'Střídače', en: 'Inverters' }, href: '/inverters', icon: 'flash', order: 40 },
      { group: 'monitoring', label: { cs: 'Baterie', en: 'Batteries' }, href: '/batteries', icon: 'lightning', order: 50 },
      { group: 'monitoring', label: { cs: 'Spotové ceny', en: 'Spot prices' }, href: '/spot', icon: 'euro', order: 60 },
      { group: 'monitoring', label: { cs: 'Statistiky', en: 'Statistics' }, href: '/statistics', icon: 'chart', order: 70 },
      { group: 'monitoring', label: { cs: 'Služby', en: 'Services' }, href: '/services', icon: 'wrench', order: 80 },
      { group: 'monitoring', label: { cs: 'Záznamy', en: 'Logs' }, href: '/logs', icon: 'list', order: 90 },
      { group: 'monitoring', label: { cs: 'Záznam veličiny', en: 'Metric log' }, href: '/logs/:metricKey', hidden: true, order: 100 },
    ],
  },
} as const satisfies AppManifest;
