// What the shell and the nav know of this app without loading it: its pages' paths, the module they
// need, and its menu entries. Type imports only: the build reads this file without bundling it.
import type { AppManifest } from '@helio/shared-utils';

export const manifest = {
  module: 'management',
  routes: {
    fleet: { paths: ['/management'] },
    plants: { paths: ['/management/plants'] },
    tags: { paths: ['/management/tags'] },
    plantDetail: { paths: ['/management/plants/:id'] },
    inverterDetail: { paths: ['/management/inverters/:id'] },
    plantSettings: { paths: ['/plant/:id/settings'] },
  },
  menu: {
    entries: [
      {
        key: 'management',
        label: 'modules.management',
        href: '/management',
        icon: { active: 'folder-open', inactive: 'folder-close' },
        module: 'management',
        order: 30,
      },
    ],
    items: [
      { group: 'management', label: 'pages.fleet', href: '/management', icon: 'dashboard', order: 10 },
      { group: 'management', label: 'pages.plants', href: '/management/plants', icon: 'office', order: 20 },
      {
        group: 'management',
        label: 'pages.plantDetail',
        href: '/management/plants/:id',
        hidden: true,
        order: 30,
      },
      {
        group: 'management',
        label: 'pages.inverterDetail',
        href: '/management/inverters/:id',
        hidden: true,
        parentHref: '/management/plants',
        order: 40,
      },
      { group: 'management', label: 'pages.tags', href: '/management/tags', icon: 'tag', order: 50 },
      {
        group: 'management',
        label: 'pages.plantSettings',
        href: '/plant/:id/settings',
        hidden: true,
        parentHref: '/management/plants',
        order: 60,
      },
    ],
  },
} as const satisfies AppManifest;
