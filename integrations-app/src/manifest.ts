// What the shell and the nav know of this app without loading it: its pages' paths, the module they
// need, and its menu entry and items. Type imports only: the build reads this file without bundling it.
import type { AppManifest } from '@helio/shared-utils';

export const manifest = {
  module: 'integrations',
  routes: {
    overview: { paths: ['/integrations'] },
    sources: { paths: ['/integrations/sources'] },
    releases: { paths: ['/integrations/releases'] },
  },
  menu: {
    entries: [
      // Hidden from the rail: reached from the profile menu.
      {
        key: 'integrations',
        label: 'modules.integrations',
        href: '/integrations',
        icon: { active: 'data-connection', inactive: 'data-connection' },
        module: 'integrations',
        hidden: true,
        order: 100,
      },
    ],
    items: [
      { group: 'integrations', label: 'modules.integrations', href: '/integrations', icon: 'applications', order: 10 },
      {
        group: 'integrations',
        label: 'pages.sources',
        href: '/integrations/sources',
        icon: 'database',
        order: 20,
      },
      {
        group: 'integrations',
        label: 'pages.releases',
        href: '/integrations/releases',
        icon: 'git-branch',
        order: 30,
      },
    ],
  },
} as const satisfies AppManifest;
