// The side navigation: docked rail + panel on wide screens, a drawer behind a menu button up to
// 992 px (closed again after each navigation). The menu follows the user's modules and the path.
import React, { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Drawer } from '@blueprintjs/core';
import { appManifests, useCurrentUser } from '@helio/shared-utils';
import { useAlertNotifier } from '../alerts/use-alert-notifier';
import { menuFromManifests } from '../menu/menu-from-manifests';
import { buildMenu, findActive, railEntries } from '../menu/menu-logic';
import { IconRail } from './icon-rail.component';
import { SecondaryPanel } from './secondary-panel.component';
import {
  DRAWER_ENTER_MS,
  MENU_STRIP_WIDTH,
  drawerWidth,
  menuButtonAction,
  readCollapsed,
  sidebarWidth,
  writeCollapsed,
} from './sidebar-layout';
import { useCurrentPath } from './use-current-path';
import { useViewportWidth } from './use-viewport-width';
import './navbar.css';

const NO_MODULES: string[] = [];

export function Navbar() {
  const { t } = useTranslation('nav-app');
  const path = useCurrentPath();
  const buttonAction = menuButtonAction(useViewportWidth());
  const { data: user, isPending } = useCurrentUser();
  const modules = user?.modules ?? NO_MODULES;
  const menu = useMemo(() => buildMenu(menuFromManifests(appManifests()), modules), [modules]);
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
  const rail = (fill: boolean) => (
    <IconRail
      entries={railEntries(menu)}
      active={active}
      pending={isPending}
      collapsed={collapsed}
      onExpand={toggleCollapsed}
      unreadCount={unreadCount}
      fill={fill}
    />
  );

  if (buttonAction === null) {
    return (
      <nav className="helio-nav" aria-label={t('navbar.label')}>
        <div className="helio-sidebar" style={{ width: sidebarWidth(collapsed) }} data-testid="nav-sidebar">
          {rail(false)}
          <SecondaryPanel active={active} collapsed={collapsed} delayed collapsible onToggleCollapsed={toggleCollapsed} />
        </div>
      </nav>
    );
  }
  // Between the phone and drawer breakpoints the drawer opens beside the menu strip without a
  // backdrop, so the same button closes it again; on a phone it covers the screen.
  const beside = buttonAction === 'toggle';
  return (
    <nav className="helio-nav helio-nav--narrow" style={{ width: MENU_STRIP_WIDTH }} aria-label={t('navbar.label')}>
      <Button
        className="helio-nav__menu-button"
        variant="minimal"
        icon={beside && drawerOpen ? 'menu-closed' : 'menu'}
        aria-label={beside && drawerOpen ? t('navbar.closeMenu') : t('navbar.openMenu')}
        aria-expanded={drawerOpen}
        onClick={() => setDrawerOpen(beside ? !drawerOpen : true)}
        data-testid="nav-menu-button"
      />
      <Drawer
        className="helio-nav-drawer"
        isOpen={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        position="left"
        size={drawerWidth(collapsed)}
        style={beside ? { left: MENU_STRIP_WIDTH } : undefined}
        hasBackdrop={!beside}
        canOutsideClickClose={!beside}
        enforceFocus={!beside}
        transitionDuration={DRAWER_ENTER_MS}
        aria-label={t('navbar.label')}
      >
        <div className="helio-sidebar" data-testid="nav-sidebar">
          {rail(collapsed)}
          {!collapsed && (
            <SecondaryPanel active={active} collapsed={false} delayed={false} collapsible={false} onToggleCollapsed={toggleCollapsed} />
          )}
        </div>
      </Drawer>
    </nav>
  );
}
