// The profile menu at the bottom of the icon rail: who is signed in, links to the account
// and integrations, help, feedback, language and theme, and sign-out.
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Classes, Icon, Menu, MenuDivider, MenuItem, PopoverNext, Spinner } from '@blueprintjs/core';
import { useCurrentUser, type CurrentUser } from '@helio/shared-utils';
import { followLink } from '../navbar/link';
import { HelpDialog } from './help-dialog.component';
import { ProfileSettings } from './profile-settings.component';
import { feedbackMailto, fullName } from './profile-summary';
import { UserAvatar } from './user-avatar.component';
import './profile.css';

const SIGN_OUT_PATH = '/auth/sign-out';

/** Who is signed in; opens /my-account in a new tab. */
function ProfileHeader({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('nav-app');
  return (
    <li role="none">
      <a
        role="menuitem"
        className={`helio-profile-header ${Classes.MENU_ITEM}`}
        href="/my-account"
        target="_blank"
        rel="noopener"
        title={t('profile.openAccount')}
        data-testid="profile-header"
      >
        <UserAvatar user={user} picture={user.picture} size={40} />
        <span className="helio-profile-header__text">
          <strong data-testid="profile-name">{fullName(user)}</strong>
          <span className={Classes.TEXT_MUTED} data-testid="profile-tenant">
            {user.tenant.name}
          </span>
        </span>
      </a>
    </li>
  );
}

export function ProfileMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('nav-app');
  const { data: user, isPending } = useCurrentUser();
  const [helpOpen, setHelpOpen] = useState(false);

  const feedbackHref = feedbackMailto(
    t('profile.feedbackSubject'),
    t('profile.feedbackBody', { page: window.location.href, tenant: user?.tenant.name ?? '' }),
  );
  const link = (href: string) => ({ href, onClick: followLink(href, onNavigate) });

  // Without the user (still loading, or failed) the menu still offers everything, sign-out above all.
  const menu = (
    <Menu className="helio-profile-menu" aria-label={t('profile.menuLabel')}>
      {user && <ProfileHeader user={user} />}
      {user && <MenuDivider />}
      <MenuItem icon="person" text={t('profile.myAccount')} {...link('/my-account')} />
      <MenuItem icon="data-connection" text={t('profile.integrations')} {...link('/integrations')} />
      <MenuItem icon="help" text={t('profile.help')} onClick={() => setHelpOpen(true)} />
      <MenuItem icon="comment" text={t('profile.feedback')} href={feedbackHref} />
      {user && <ProfileSettings user={user} />}
      <MenuDivider />
      <MenuItem icon="log-out" text={t('profile.logout')} data-testid="logout" {...link(SIGN_OUT_PATH)} />
    </Menu>
  );
  let avatar: React.ReactElement;
  if (user) avatar = <UserAvatar user={user} picture={user.picture} />;
  else if (isPending) avatar = <Spinner size={20} aria-label={t('profile.loading')} />;
  else avatar = <Icon icon="person" />;

  return (
    <>
      <PopoverNext content={menu} placement="right-end">
        {/* Named by hidden text, not aria-label: the visible initials must not contradict the name (WCAG 2.5.3). */}
        <Button className="helio-profile-button" variant="minimal" data-testid="profile-button" icon={avatar}>
          <span className="helio-visually-hidden">{user ? `${t('profile.menuLabel')}: ${fullName(user)}` : t('profile.menuLabel')}</span>
        </Button>
      </PopoverNext>
      <HelpDialog isOpen={helpOpen} onClose={() => setHelpOpen(false)} />
    </>
  );
}
