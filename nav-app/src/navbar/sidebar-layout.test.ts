import {
  COLLAPSED_STORAGE_KEY,
  drawerWidth,
  menuButtonAction,
  isCollapsible,
  PANEL_COLLAPSED_WIDTH,
  PANEL_PADDING,
  RAIL_WIDTH,
  readCollapsed,
  SIDEBAR_WIDTH,
  sidebarMode,
  sidebarWidth,
  writeCollapsed,
} from './sidebar-layout';

describe('sidebarMode', () => {
  it('is a drawer up to 992 px and docked above', () => {
    expect(sidebarMode(375)).toBe('drawer');
    expect(sidebarMode(992)).toBe('drawer');
    expect(sidebarMode(993)).toBe('docked');
  });
});

describe('isCollapsible', () => {
  it('offers the collapse toggle only on wide screens', () => {
    expect(isCollapsible(800)).toBe(false);
    expect(isCollapsible(1280)).toBe(true);
  });
});

describe('sidebarWidth', () => {
  it('is the 288 px default expanded and the rail plus the padded 64 px panel collapsed', () => {
    expect(SIDEBAR_WIDTH).toBe(288);
    expect(sidebarWidth(false)).toBe(SIDEBAR_WIDTH);
    expect(sidebarWidth(true)).toBe(RAIL_WIDTH + PANEL_COLLAPSED_WIDTH + 2 * PANEL_PADDING);
  });
});

describe('collapsed preference', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips through localStorage', () => {
    expect(readCollapsed()).toBe(false);
    writeCollapsed(true);
    expect(localStorage.getItem(COLLAPSED_STORAGE_KEY)).toBe('true');
    expect(readCollapsed()).toBe(true);
  });

  it('starts expanded when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readCollapsed(blocked)).toBe(false);
  });
});

describe('menuButtonAction', () => {
  it('is hidden on wide screens, opens the drawer up to 768 px and toggles the sidebar up to 992 px', () => {
    expect(menuButtonAction(1280)).toBeNull();
    expect(menuButtonAction(993)).toBeNull();
    expect(menuButtonAction(992)).toBe('toggle');
    expect(menuButtonAction(769)).toBe('toggle');
    expect(menuButtonAction(768)).toBe('open');
    expect(menuButtonAction(375)).toBe('open');
  });
});

describe('drawerWidth', () => {
  it('is 288 px expanded and 76 px collapsed', () => {
    expect(drawerWidth(false)).toBe(288);
    expect(drawerWidth(true)).toBe(76);
  });
});
