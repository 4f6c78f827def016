// What the shell and the nav know of this app without loading it: its page's path, the module it
// needs, and its menu entry. Type imports only: the build reads this file without bundling it.
import type { AppManifest } from '@helio/shared-utils';

export const manifest = {
  module: 'fep',
  routes: { forecasting: { paths: ['/fep'] } },
  menu: {
    entries: [
      {
        key: 'fep',
        label: 'modules.fep',
        href: '/fep',
        icon: { active: 'timeline-area-chart', inactive: 'timeline-area-chart' },
        module: 'fep',
        order: 60,
      },
    ],
  },
} as const satisfies AppManifest;
