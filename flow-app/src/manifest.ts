// What the shell and the nav know of this app without loading it: its pages' paths, the module they
// need, and its menu entries. Type imports only: the build reads this file without bundling it.
import type { AppManifest } from '@helio/shared-utils';

export const manifest = {
  routes: {
    // The power-flow diagram belongs to the monitoring group; /ems is the energy management module.
    flow: { paths: ['/flow'], module: 'monitoring', liveShadow: true },
    ems: { paths: ['/ems'], module: 'ems' },
  },
  menu: {
    entries: [
      {
        key: 'ems',
        label: 'modules.ems',
        href: '/ems',
        icon: { active: 'predictive-analysis', inactive: 'predictive-analysis' },
        module: 'ems',
        order: 40,
      },
    ],
    items: [
      { group: 'monitoring', label: 'pages.flow', href: '/flow', icon: 'flows', order: 30 },
      { group: 'ems', label: 'pages.flow', href: '/ems', icon: 'flows', order: 10 },
    ],
  },
} as const satisfies AppManifest;
