// The tabs over the identity and access pages: users, roles, permissions, and the audit log for
// those allowed to read it. Inside this app, so navigation stays in its router. The page's content is
// the selected tab's panel, so each tab names a panel that is really there.
import type { ReactNode } from 'react';
import { Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '@helio/shared-utils';
import { AUDIT_READ, hasPermission } from './permissions';

const TABS_ID = 'iam-tabs';

export const IAM_PAGES = ['users', 'roles', 'permissions', 'audit'] as const;

export function IamTabs({ children }: { children: ReactNode }) {
  const { t } = useTranslation('account-app');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const selected = IAM_PAGES.find((page) => pathname.startsWith(`/my-account/iam/${page}`)) ?? 'users';
  const pages = IAM_PAGES.filter((page) => page !== 'audit' || hasPermission(user.data, AUDIT_READ));
  return (
    <>
      <Tabs id={TABS_ID} selectedTabId={selected} onChange={(page) => navigate(`/my-account/iam/${String(page)}`)}>
        {pages.map((page) => (
          <Tab key={page} id={page} title={t(`common:pages.${page}`)} data-testid={`iam-tab-${page}`} />
        ))}
      </Tabs>
      {/* Blueprint names a tab's panel bp6-tab-panel_<tabs id>_<tab id> in the tab's aria-controls. */}
      <div role="tabpanel" id={`bp6-tab-panel_${TABS_ID}_${selected}`} aria-labelledby={`bp6-tab-title_${TABS_ID}_${selected}`}>
        {children}
      </div>
    </>
  );
}
