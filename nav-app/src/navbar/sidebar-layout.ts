// Sizes and breakpoints of the side navigation and the rules that depend on the width.

/** Up to this width the sidebar is a drawer opened by a menu button. */
export const DRAWER_BREAKPOINT = 992;
/** Up to this width the screen counts as a phone. */
export const MOBILE_BREAKPOINT = 768;
export const SIDEBAR_WIDTH = 288;
export const RAIL_WIDTH = 52;
export const PANEL_WIDTH = 220;
export const PANEL_COLLAPSED_WIDTH = 64;
/** The drawer's width when the panel is collapsed: the icon rail alone, with room around its icons. */
export const DRAWER_COLLAPSED_WIDTH = 76;
/** The panel fades and slides in over this long… */
export const PANEL_FADE_MS = 300;
/** …after this delay on wide screens, at once on narrow ones. */
export const PANEL_FADE_DELAY_MS = 500;
/** The drawer enters in 0.3 s and leaves in 0.2 s; the CSS uses the same figures. */
export const DRAWER_ENTER_MS = 300;
export const DRAWER_EXIT_MS = 200;
/** The strip holding the menu button on narrow screens; between 768 and 992 px the drawer opens beside it. */
export const MENU_STRIP_WIDTH = 40;
/** Padding on each side of the panel: rail + panel + padding make the 288 px sidebar. */
export const PANEL_PADDING = 8;
/** Opacity of main-menu entries of modules the user does not have. */
export const DISABLED_ENTRY_OPACITY = 0.4;
/** localStorage key remembering whether the panel is collapsed. */
export const COLLAPSED_STORAGE_KEY = 'helio.nav.collapsed';

export type SidebarMode = 'docked' | 'drawer';

export function sidebarMode(viewportWidth: number): SidebarMode {
  return viewportWidth <= DRAWER_BREAKPOINT ? 'drawer' : 'docked';
}

/** The collapse toggle is for wide screens only; a drawer is always expanded. */
export function isCollapsible(viewportWidth: number): boolean {
  return sidebarMode(viewportWidth) === 'docked';
}

/**
 * What the menu button does (it only shows up to 992 px): on a phone it opens the drawer; between
 * the phone and the drawer breakpoints it toggles the sidebar (open ↔ closed).
 */
export function menuButtonAction(viewportWidth: number): 'open' | 'toggle' | null {
  if (sidebarMode(viewportWidth) === 'docked') return null;
  return viewportWidth <= MOBILE_BREAKPOINT ? 'open' : 'toggle';
}

/** The drawer is at least as wide as the docked sidebar, or just the rail when collapsed. */
export function drawerWidth(collapsed: boolean): number {
  return collapsed ? DRAWER_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
}

/** Width of the whole sidebar: the rail plus the padded panel (288 px expanded). */
export function sidebarWidth(collapsed: boolean): number {
  return RAIL_WIDTH + (collapsed ? PANEL_COLLAPSED_WIDTH : PANEL_WIDTH) + 2 * PANEL_PADDING;
}

export function readCollapsed(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    return false; // storage blocked (private mode): start expanded
  }
}

export function writeCollapsed(collapsed: boolean, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(COLLAPSED_STORAGE_KEY, String(collapsed));
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}
