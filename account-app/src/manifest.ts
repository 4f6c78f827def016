// What the shell and the nav know of this app without loading it: its pages' paths, the module they
// need, and its menu entries. Type imports only: the build reads this file without bundling it.
import type { AppManifest } from '@helio/shared-utils';

export const manifest = {
  routes: {
    myAccount: { paths: ['/my-account'] },
    security: { paths: ['/my-account/security'] },
    users: { paths: ['/my-account/iam/users'] },
    roles: { paths: ['/my-account/iam/roles'] },
    permissions: { paths: ['/my-account/iam/permissions'] },
    audit: { paths: ['/my-account/iam/audit'] },
    // Any other identity-and-access path: this app's own not-found page, in the settings layout.
    iamNotFound: { paths: ['/my-account/iam/*'] },
  },
  menu: {
    entries: [
      // Settings is hidden from the rail and reached via /my-account (the profile menu).
      {
        key: 'settings',
        label: 'pages.settings',
        href: '/my-account',
        icon: { active: 'cog', inactive: 'cog' },
        hidden: true,
        order: 110,
      },
    ],
    items: [
      { group: 'settings', label: 'pages.account', href: '/my-account', groupHeader: true, order: 10 },
      { group: 'settings', label: 'pages.myAccount', href: '/my-account', icon: 'person', order: 20 },
      { group: 'settings', label: 'pages.security', href: '/my-account/security', icon: 'lock', order: 30 },
      {
        group: 'settings',
        label: 'pages.iam',
        href: '/my-account/iam',
        groupHeader: true,
        extraTopMargin: true,
        order: 50,
      },
      { group: 'settings', label: 'pages.users', href: '/my-account/iam/users', icon: 'people', order: 60 },
      { group: 'settings', label: 'pages.roles', href: '/my-account/iam/roles', icon: 'id-number', order: 70 },
      { group: 'settings', label: 'pages.permissions', href: '/my-account/iam/permissions', icon: 'key', order: 80 },
      { group: 'settings', label: 'pages.audit', href: '/my-account/iam/audit', icon: 'history', order: 90 },
    ],
  },
} as const satisfies AppManifest;
