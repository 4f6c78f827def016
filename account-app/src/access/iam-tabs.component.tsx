// The tabs over the identity and access pages: users, roles, permissions, and the audit log for
// those allowed to read it. Inside this app, so navigation stays in its router.
import { Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '@helio/shared-utils';
import { AUDIT_READ, hasPermission } from './permissions';

export const IAM_PAGES = ['users', 'roles', 'permissions', 'audit'] as const;

export function IamTabs() {
  const { t } = useTranslation('account-app');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const selected = IAM_PAGES.find((page) => pathname.startsWith(`/my-account/iam/${page}`)) ?? 'users';
  const pages = IAM_PAGES.filter((page) => page !== 'audit' || hasPermission(user.data, AUDIT_READ));
  return (
    <Tabs id="iam-tabs" selectedTabId={selected} onChange={(page) => navigate(`/my-account/iam/${String(page)}`)}>
      {pages.map((page) => (
        <Tab key={page} id={page} title={t(`iam.tabs.${page}`)} data-testid={`iam-tab-${page}`} />
      ))}
    </Tabs>
  );
}
