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
        label: { cs: 'Správa', en: 'Management' },
        href: '/management',
        icon: { active: 'folder-open', inactive: 'folder-close' },
        module: 'management',
        order: 30,
      },
    ],
    items: [
      { group: 'management', label: { cs: 'Přehled', en: 'Overview' }, href: '/management', icon: 'dashboard', order: 10 },
      { group: 'management', label: { cs: 'Elektrárny', en: 'Plants' }, href: '/management/plants', icon: 'office', order: 20 },
      {
        group: 'management',
        label: { cs: 'Detail elektrárny', en: 'Plant detail' },
        href: '/management/plants/:id',
        hidden: true,
        order: 30,
      },
      {
        group: 'management',
        label: { cs: 'Detail střídače', en: 'Inverter detail' },
        href: '/management/inverters/:id',
        hidden: true,
        order: 40,
      },
      { group: 'management', label: { cs: 'Štítky', en: 'Tags' }, href: '/management/tags', icon: 'tag', order: 50 },
      {
        group: 'management',
        label: { cs: 'Nastavení elektrárny', en: 'Plant settings' },
        href: '/plant/:id/settings',
        hidden: true,
        order: 60,
      },
    ],
  },
} as const satisfies AppManifest;
