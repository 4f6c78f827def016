// What the shell and the nav know of this app without loading it: its page's path, the module it
// needs, and its menu entry. Type imports only: the build reads this file without bundling it.
import type { AppManifest } from '@helio/shared-utils';

export const manifest = {
  module: 'rc',
  routes: { remoteControl: { paths: ['/rc'] } },
  menu: {
    entries: [
      {
        key: 'rc',
        label: 'modules.rc',
        href: '/rc',
        icon: { active: 'control', inactive: 'control' },
        module: 'rc',
        order: 50,
      },
    ],
  },
} as const satisfies AppManifest;
