// What the shell and the nav know of this app without loading it: its pages' paths, the module they
// need, and its menu entries. Type imports only: the build reads this file without bundling it.
import type { AppManifest } from '@helio/shared-utils';

export const manifest = {
  module: 'notifications',
  routes: {
    notificationCentre: { paths: ['/notifications'] },
    // The schedule is the user's own account setting, not the notifications module.
    notificationSchedule: { paths: ['/my-account/notifications'], module: null },
  },
  menu: {
    entries: [
      {
        key: 'notifications',
        label: 'modules.notifications',
        href: '/notifications',
        icon: { active: 'notifications-updated', inactive: 'notifications' },
        module: 'notifications',
        order: 80,
      },
    ],
    items: [
      {
        group: 'settings',
        label: 'pages.notificationSchedule',
        href: '/my-account/notifications',
        icon: 'notifications',
        order: 40,
      },
    ],
  },
} as const satisfies AppManifest;
