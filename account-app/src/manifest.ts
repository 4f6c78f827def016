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
        label: { cs: 'Nastavení', en: 'Settings' },
        href: '/my-account',
        icon: { active: 'cog', inactive: 'cog' },
        hidden: true,
        order: 110,
      },
    ],
    items: [
      { group: 'settings', label: { cs: 'Účet', en: 'Account' }, href: '/my-account', groupHeader: true, order: 10 },
      { group: 'settings', label: { cs: 'Můj účet', en: 'My account' }, href: '/my-account', icon: 'person', order: 20 },
      { group: 'settings', label: { cs: 'Zabezpečení', en: 'Security' }, href: '/my-account/security', icon: 'lock', order: 30 },
      {
        group: 'settings',
        label: { cs: 'Identity a přístup', en: 'Identity and access' },
        href: '/my-account/iam',
        groupHeader: true,
        extraTopMargin: true,
        order: 50,
      },
      { group: 'settings', label: { cs: 'Uživatelé', en: 'Users' }, href: '/my-account/iam/users', icon: 'people', order: 60 },
      { group: 'settings', label: { cs: 'Role', en: 'Roles' }, href: '/my-account/iam/roles', icon: 'id-number', order: 70 },
      { group: 'settings', label: { cs: 'Oprávnění', en: 'Permissions' }, href: '/my-account/iam/permissions', icon: 'key', order: 80 },
    ],
  },
} as const satisfies AppManifest;
