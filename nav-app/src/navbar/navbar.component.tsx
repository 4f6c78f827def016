// The side navigation: docked rail + panel on wide screens, a drawer behind a menu button up to
// 992 px (closed again after each navigation). The menu follows the user's modules and the path.
import React, { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Drawer } from '@blueprintjs/core';
import { useCurrentUser } from '@helio/shared-utils';
import { useAlertNotifier } from '../alerts/use-alert-notifier';
import { MENU } from '../menu/menu-definition';
import { buildMenu, findActive, railEntries } from '../menu/menu-logic';
import { IconRail } from './icon-rail.component';
import { SecondaryPanel } from './secondary-panel.component';
import { readCollapsed, SIDEBAR_WIDTH, sidebarMode, sidebarWidth, writeCollapsed } from './sidebar-layout';
import { useCurrentPath } from './use-current-path';
import { useViewportWidth } from './use-viewport-width';
import './navbar.css';

const NO_MODULES: string[] = [];

export function Navbar() {
  const { t } = useTranslation('nav-app');
  const path = useCurrentPath();
  const mode = sidebarMode(useViewportWidth());
  const { data: user, isPending } = useCurrentUser();
  const modules = user?.modules ?? NO_MODULES;
  const menu = useMemo(() => buildMenu(MENU, modules), [modules]);
  const active = useMemo(() => findActive(menu, path), [menu, path]);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Polls here, not in the rail, so alerts are watched even while the drawer is closed.
  const { unreadCount } = useAlertNotifier();

  // The drawer closes once the path changes, however the navigation happened.
  useEffect(() => setDrawerOpen(false), [path]);

  const toggleCollapsed = () => {
    writeCollapsed(!collapsed);
    setCollapsed(!collapsed);
  };
  const sidebar = (isCollapsed: boolean, collapsible: boolean) => (
    <div className="helio-sidebar" style={{ width: sidebarWidth(isCollapsed) }} data-testid="nav-sidebar">
      <IconRail
        entries={railEntries(menu)}
        active={active}
        pending={isPending}
        collapsed={isCollapsed}
        onExpand={toggleCollapsed}
        unreadCount={unreadCount}
      />
      <SecondaryPanel
        active={active}
        collapsed={isCollapsed}
        collapsible={collapsible}
        onToggleCollapsed={toggleCollapsed}
      />
    </div>
  );

  if (mode === 'docked') {
    return (
      <nav className="helio-nav" aria-label={t('navbar.label')}>
        {sidebar(collapsed, true)}
      </nav>
    );
  }
  return (
    <nav className="helio-nav helio-nav--narrow" aria-label={t('navbar.label')}>
      <Button
        className="helio-nav__menu-button"
        variant="minimal"
        icon="menu"
        aria-label={t('navbar.openMenu')}
        aria-expanded={drawerOpen}
        onClick={() => setDrawerOpen(true)}
        data-testid="nav-menu-button"
      />
      <Drawer
        className="helio-nav-drawer"
        isOpen={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        position="left"
        size={SIDEBAR_WIDTH}
        aria-label={t('navbar.label')}
      >
        {sidebar(false, false)}
      </Drawer>
    </nav>
  );
}
