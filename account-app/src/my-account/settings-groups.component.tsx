// The settings entries: "Account" and "Identity and access", each a link. IAM
// entries a user's role does not grant are shown dimmed with the reason, so the map stays complete.
import type { MouseEvent } from 'react';
import { Card, Menu, MenuDivider, MenuItem, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { navigateToUrl } from 'single-spa';
import type { CurrentUser, PageNameKey } from '@helio/shared-utils';
import { AUDIT_READ, hasPermission, IAM_MANAGE } from '../access/permissions';

interface Entry {
  key: string;
  /** the page's name in the menu, the page header and the tab title */
  name: PageNameKey;
  href: string;
  icon: IconName;
  permission?: string;
}

export const ACCOUNT_ENTRIES: readonly Entry[] = [
  { key: 'myAccount', name: 'pages.myAccount', href: '/my-account', icon: 'person' },
  { key: 'security', name: 'pages.security', href: '/my-account/security', icon: 'lock' },
  { key: 'notifications', name: 'pages.notificationSchedule', href: '/my-account/notifications', icon: 'notifications' },
];

export const IAM_ENTRIES: readonly Entry[] = [
  { key: 'users', name: 'pages.users', href: '/my-account/iam/users', icon: 'people', permission: IAM_MANAGE },
  { key: 'roles', name: 'pages.roles', href: '/my-account/iam/roles', icon: 'id-number', permission: IAM_MANAGE },
  { key: 'permissions', name: 'pages.permissions', href: '/my-account/iam/permissions', icon: 'key', permission: IAM_MANAGE },
  { key: 'audit', name: 'pages.audit', href: '/my-account/iam/audit', icon: 'history', permission: AUDIT_READ },
];

const go = (href: string) => (event: MouseEvent<HTMLElement>) => {
  if (event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  navigateToUrl(href);
};

export function SettingsGroups({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account-app');
  const group = (title: string, entries: readonly Entry[], testId: string) => (
    <Card className="helio-account-card" data-testid={testId}>
      <Menu>
        <MenuDivider title={title} />
        {entries.map((entry) => {
          const allowed = !entry.permission || hasPermission(user, entry.permission);
          return (
            <MenuItem
              key={entry.key}
              icon={entry.icon}
              text={t(entry.name, { ns: 'common' })}
              href={allowed ? entry.href : undefined}
              onClick={allowed ? go(entry.href) : undefined}
              disabled={!allowed}
              label={allowed ? undefined : t('settings.noAccess')}
              data-testid={`settings-${entry.key}`}
            />
          );
        })}
      </Menu>
    </Card>
  );
  return (
    <div className="helio-settings-groups">
      {group(t('common:pages.account'), ACCOUNT_ENTRIES, 'settings-account')}
      {group(t('common:pages.iam'), IAM_ENTRIES, 'settings-iam')}
    </div>
  );
}
