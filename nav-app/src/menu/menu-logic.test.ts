import { appManifests } from '@helio/shared-utils';
import { menuFromManifests } from './menu-from-manifests';
import { buildMenu, entryIcon, findActive, panelTitle, railEntries, visibleItems } from './menu-logic';
import type { MenuEntry } from './menu-types';

// The menu every app's manifest in the repository makes (the document the build inlines).
const MENU = menuFromManifests(appManifests());
const ALL_MODULES = ['monitoring', 'management', 'ems', 'rc', 'fep', 'ev', 'notifications', 'analytics', 'integrations'];
const entry = (menu: MenuEntry[], key: string) => menu.find((e) => e.key === key) as MenuEntry;

describe('buildMenu', () => {
  it('disables entries whose module the user lacks and keeps entries without a module enabled', () => {
    const menu = buildMenu(MENU, ['monitoring']);
    expect(entry(menu, 'monitoring').disabled).toBe(false);
    expect(entry(menu, 'dashboard').disabled).toBe(false);
    expect(entry(menu, 'settings').disabled).toBe(false);
    expect(entry(menu, 'ems').disabled).toBe(true);
    expect(entry(menu, 'analytics').disabled).toBe(true);
  });

  it('orders disabled entries after enabled ones, each part in definition order', () => {
    const keys = railEntries(buildMenu(MENU, ['notifications', 'monitoring'])).map((e) => e.key);
    expect(keys).toEqual(['dashboard', 'monitoring', 'notifications', 'management', 'ems', 'rc', 'fep', 'ev', 'analytics']);
  });

  it('enables every module entry for a user with all modules, in definition order', () => {
    const menu = buildMenu(MENU, ALL_MODULES);
    expect(menu.every((e) => !e.disabled)).toBe(true);
    expect(menu.map((e) => e.key)).toEqual(MENU.map((e) => e.key));
  });

  it('keeps an entry disabled by its definition even when the module is present', () => {
    const definition: MenuEntry[] = [{ ...MENU[1], disabled: true }];
    expect(buildMenu(definition, ALL_MODULES)[0].disabled).toBe(true);
  });
});

describe('railEntries', () => {
  it('leaves settings and integrations out of the main menu', () => {
    const keys = railEntries(buildMenu(MENU, ALL_MODULES)).map((e) => e.key);
    expect(keys).not.toContain('settings');
    expect(keys).not.toContain('integrations');
    expect(keys).toContain('analytics');
  });
});

describe('findActive', () => {
  const menu = buildMenu(MENU, ALL_MODULES);
  const active = (path: string) => {
    const found = findActive(menu, path);
    return found && { entry: found.entry.key, item: found.item?.href ?? null };
  };

  it('lights the dashboard entry for /', () => {
    expect(active('/')).toEqual({ entry: 'dashboard', item: null });
  });

  it('lights an item of a group by its exact path', () => {
    expect(active('/inverters')).toEqual({ entry: 'monitoring', item: '/inverters' });
    expect(active('/management/tags')).toEqual({ entry: 'management', item: '/management/tags' });
    expect(active('/my-account/iam/roles')).toEqual({ entry: 'settings', item: '/my-account/iam/roles' });
  });

  it('lights the item of the page a hidden group route shows', () => {
    expect(active('/monitoring')).toEqual({ entry: 'monitoring', item: '/monitoring/dashboard' });
  });

  it('lights the parent item for a hidden detail route', () => {
    expect(active('/management/plants/42')).toEqual({ entry: 'management', item: '/management/plants' });
    // reached from a plant, not from the fleet overview whose /management prefix it shares
    expect(active('/management/inverters/7')).toEqual({ entry: 'management', item: '/management/plants' });
    expect(active('/plant/42/settings')).toEqual({ entry: 'management', item: '/management/plants' });
    expect(active('/my-account/iam/audit')).toEqual({ entry: 'settings', item: '/my-account/iam/audit' });
    expect(active('/analytics/benchmark/plant/7')).toEqual({ entry: 'analytics', item: '/analytics/benchmark' });
    expect(active('/logs/ActPwrPve')).toEqual({ entry: 'monitoring', item: '/logs' });
  });

  it('finds hidden main entries (settings via /my-account, integrations)', () => {
    expect(active('/my-account')).toEqual({ entry: 'settings', item: '/my-account' });
    expect(active('/integrations/sources')).toEqual({ entry: 'integrations', item: '/integrations/sources' });
  });

  it('lights the energy-flow sub-item for /ems', () => {
    expect(active('/ems')).toEqual({ entry: 'ems', item: '/ems' });
  });

  it('ignores a trailing slash, query and hash', () => {
    expect(active('/management/plants/?page=2#top')).toEqual({ entry: 'management', item: '/management/plants' });
  });

  it('falls back to the longest matching prefix for a deeper path', () => {
    expect(active('/statistics/2024/05')).toEqual({ entry: 'monitoring', item: '/statistics' });
    expect(active('/rc/settings')).toEqual({ entry: 'rc', item: null });
  });

  it('still finds the entry of a disabled module', () => {
    expect(findActive(buildMenu(MENU, []), '/ev')?.entry.key).toBe('ev');
  });

  it('only logs a message when no entry matches', () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      expect(findActive(menu, '/no-such-page')).toBeNull();
      expect(info).toHaveBeenCalledWith(expect.stringContaining('/no-such-page'));
    } finally {
      info.mockRestore();
    }
  });
});

describe('visibleItems', () => {
  it('removes hidden items and keeps group headers', () => {
    const items = visibleItems(entry(MENU, 'management')).map((i) => i.href);
    expect(items).toEqual(['/management', '/management/plants', '/management/tags']);
    const settings = visibleItems(entry(MENU, 'settings'));
    expect(settings.filter((i) => i.groupHeader).map((i) => i.label)).toEqual(['pages.account', 'pages.iam']);
  });
});

describe('panelTitle', () => {
  it('is the group label of the active entry', () => {
    expect(panelTitle(findActive(MENU, '/inverters'))).toBe('modules.monitoring');
  });

  it('is the product name when the active entry has no group', () => {
    expect(panelTitle(findActive(MENU, '/'))).toBeNull();
    expect(panelTitle(findActive(MENU, '/ev'))).toBeNull();
  });

  it('is the product name when nothing is active', () => {
    jest.spyOn(console, 'info').mockImplementationOnce(() => undefined);
    expect(panelTitle(findActive(MENU, '/nowhere'))).toBeNull();
  });
});

describe('entryIcon', () => {
  it('uses the active variant for the active entry and the inactive one otherwise', () => {
    const management = entry(MENU, 'management');
    expect(entryIcon(management, true)).toBe('folder-open');
    expect(entryIcon(management, false)).toBe('folder-close');
  });
});
