// The 52 px icon rail: one button per main-menu entry, the expand button when the panel is
// collapsed, and the profile menu at the bottom.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorButton, Button, Classes, Tooltip } from '@blueprintjs/core';
import { entryIcon } from '../menu/menu-logic';
import type { ActiveMenu, MenuEntry } from '../menu/menu-types';
import { ProfileMenu } from '../profile/profile-menu.component';
import { UnreadBadge } from '../alerts/unread-badge.component';
import { followLink } from './link';
import { DISABLED_ENTRY_OPACITY, RAIL_WIDTH } from './sidebar-layout';

interface IconRailProps {
  entries: MenuEntry[];
  active: ActiveMenu | null;
  /** the user's modules are not known yet: entries show as skeletons */
  pending: boolean;
  collapsed: boolean;
  onExpand: () => void;
  onNavigate?: () => void;
  /** unread alerts shown on the notifications entry; undefined when not known or not the user's module */
  unreadCount?: number;
  /** fill the container: the collapsed drawer is the rail alone */
  fill?: boolean;
}

interface RailEntryProps {
  entry: MenuEntry;
  isActive: boolean;
  pending: boolean;
  onNavigate?: () => void;
  badgeCount?: number;
}

function RailEntry({ entry, isActive, pending, onNavigate, badgeCount }: RailEntryProps) {
  const { t } = useTranslation('nav-app');
  const label = t(entry.label, { ns: 'common' });
  return (
    <span className="helio-rail__entry">
      <Tooltip content={entry.disabled ? t('navbar.noAccess', { module: label }) : label} placement="right" disabled={pending}>
        <AnchorButton
          className={pending ? Classes.SKELETON : undefined}
          variant="minimal"
          size="large"
          icon={entryIcon(entry, isActive)}
          aria-label={label}
          aria-current={isActive ? 'page' : undefined}
          href={entry.href}
          active={isActive}
          disabled={entry.disabled}
          style={entry.disabled ? { opacity: DISABLED_ENTRY_OPACITY } : undefined}
          onClick={entry.disabled ? undefined : followLink(entry.href, onNavigate)}
          data-testid={`nav-entry-${entry.key}`}
        />
      </Tooltip>
      {!entry.disabled && <UnreadBadge count={badgeCount} />}
    </span>
  );
}

export function IconRail({ entries, active, pending, collapsed, onExpand, onNavigate, unreadCount, fill = false }: IconRailProps) {
  const { t } = useTranslation('nav-app');
  return (
    <div className={`helio-rail ${Classes.DARK}`} style={{ width: fill ? '100%' : RAIL_WIDTH }} data-testid="nav-rail">
      <div className="helio-rail__entries">
        {entries.map((entry) => (
          <RailEntry
            key={entry.key}
            entry={entry}
            isActive={active?.entry.key === entry.key}
            pending={pending}
            onNavigate={onNavigate}
            badgeCount={entry.key === 'notifications' ? unreadCount : undefined}
          />
        ))}
      </div>
      {collapsed && (
        <Tooltip content={t('navbar.expand')} placement="right">
          <Button
            variant="minimal"
            icon="double-chevron-right"
            aria-label={t('navbar.expand')}
            onClick={onExpand}
            data-testid="nav-rail-expand"
          />
        </Tooltip>
      )}
      <ProfileMenu onNavigate={onNavigate} />
    </div>
  );
}
