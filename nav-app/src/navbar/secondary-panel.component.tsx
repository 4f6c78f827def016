// The secondary panel: the active group's title and items, and the plant switcher. Collapsed to
// 64 px it keeps the items as icon buttons with tooltips.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorButton, Button, Divider, H5, Menu, MenuDivider, MenuItem, PopoverNext, Tooltip } from '@blueprintjs/core';
import { panelTitle, visibleItems } from '../menu/menu-logic';
import type { ActiveMenu, MenuItem as NavItem } from '../menu/menu-types';
import { PlantSwitcher } from '../plant-switcher/plant-switcher.component';
import { followLink } from './link';
import { PANEL_COLLAPSED_WIDTH, PANEL_PADDING, PANEL_WIDTH } from './sidebar-layout';

interface SecondaryPanelProps {
  active: ActiveMenu | null;
  collapsed: boolean;
  /** wide screens fade the panel in after 0.5 s; narrow ones at once */
  delayed: boolean;
  /** false in the drawer and on narrow screens: no collapse toggle */
  collapsible: boolean;
  onToggleCollapsed: () => void;
  onNavigate?: () => void;
}

const gapClass = (item: NavItem) => (item.extraTopMargin ? 'helio-panel__gap' : undefined);

function ExpandedItems({ items, active, onNavigate }: { items: NavItem[]; active: ActiveMenu | null; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const label = (item: NavItem) => t(item.label);
  return (
    <Menu className="helio-panel__menu" data-testid="nav-panel-items">
      {items.map((item) =>
        item.groupHeader ? (
          <MenuDivider key={`header-${item.href}`} className={gapClass(item)} title={label(item)} />
        ) : (
          <MenuItem
            key={item.href}
            className={gapClass(item)}
            icon={item.icon}
            text={label(item)}
            href={item.href}
            active={active?.item?.href === item.href}
            aria-current={active?.item?.href === item.href ? 'page' : undefined}
            onClick={followLink(item.href, onNavigate)}
          />
        ),
      )}
    </Menu>
  );
}

function CollapsedItems({ items, active, onNavigate }: { items: NavItem[]; active: ActiveMenu | null; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const label = (item: NavItem) => t(item.label);
  return (
    <div className="helio-panel__icons" data-testid="nav-panel-items">
      {items.map((item) =>
        item.groupHeader ? (
          <Divider key={`header-${item.href}`} className={gapClass(item)} />
        ) : (
          <Tooltip key={item.href} content={label(item)} placement="right">
            <AnchorButton
              className={gapClass(item)}
              variant="minimal"
              icon={item.icon ?? 'dot'}
              aria-label={label(item)}
              href={item.href}
              active={active?.item?.href === item.href}
              onClick={followLink(item.href, onNavigate)}
            />
          </Tooltip>
        ),
      )}
    </div>
  );
}

export function SecondaryPanel({ active, collapsed, delayed, collapsible, onToggleCollapsed, onNavigate }: SecondaryPanelProps) {
  const { t } = useTranslation('nav-app');
  const items = active ? visibleItems(active.entry) : [];
  const title = panelTitle(active);
  const toggleLabel = collapsed ? t('navbar.expand') : t('navbar.collapse');
  return (
    <div
      className={`helio-panel${collapsed ? ' helio-panel--collapsed' : ''}${delayed ? ' helio-panel--delayed' : ''}`}
      data-testid="nav-panel"
      style={{ width: (collapsed ? PANEL_COLLAPSED_WIDTH : PANEL_WIDTH) + 2 * PANEL_PADDING, padding: PANEL_PADDING }}
    >
      <div className="helio-panel__header">
        {!collapsed && (
          <H5 className="helio-panel__title" data-testid="nav-panel-title">
            {title ? t(title, { ns: 'common' }) : t('productName')}
          </H5>
        )}
        {collapsible && (
          <Button
            variant="minimal"
            size="small"
            icon={collapsed ? 'double-chevron-right' : 'double-chevron-left'}
            aria-label={toggleLabel}
            title={toggleLabel}
            onClick={onToggleCollapsed}
            data-testid="nav-collapse-toggle"
          />
        )}
      </div>
      {collapsed ? (
        <PopoverNext
          content={
            <div className="helio-panel__plant-popover">
              <PlantSwitcher />
            </div>
          }
          placement="right-start"
        >
          <Tooltip content={t('plantSwitcher.label')} placement="right">
            <Button variant="minimal" icon="office" aria-label={t('plantSwitcher.label')} />
          </Tooltip>
        </PopoverNext>
      ) : (
        <PlantSwitcher />
      )}
      {collapsed ? (
        <CollapsedItems items={items} active={active} onNavigate={onNavigate} />
      ) : (
        <ExpandedItems items={items} active={active} onNavigate={onNavigate} />
      )}
    </div>
  );
}
