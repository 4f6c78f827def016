// What the shell and the nav know of this app without loading it: its page's path, the module it
// needs, and its menu entry. Type imports only: the build reads this file without bundling it.
import type { AppManifest } from '@helio/shared-utils';

export const manifest = {
  module: 'ev',
  routes: { electricVehicles: { paths: ['/ev'] } },
  menu: {
    entries: [
      {
        key: 'ev',
        label: 'modules.ev',
        href: '/ev',
        icon: { active: 'drive-time', inactive: 'drive-time' },
        module: 'ev',
        order: 70,
      },
    ],
  },
} as const satisfies AppManifest;
