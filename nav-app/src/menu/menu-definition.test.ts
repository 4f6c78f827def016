import { MENU } from './menu-definition';
import enMessages from '../../locales/en/nav-app.json';
import csMessages from '../../locales/cs/nav-app.json';

const routesOf = () => MENU.flatMap((e) => [e.href, ...(e.items ?? []).filter((i) => !i.groupHeader).map((i) => i.href)]);

function lookup(messages: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
}

describe('MENU', () => {
  it('covers every signed-in route of SPEC §2 outside the auth layout', () => {
    const routes = new Set(routesOf());
    for (const route of [
      '/', '/monitoring', '/monitoring/dashboard', '/flow', '/inverters', '/batteries', '/spot', '/statistics',
      '/services', '/logs', '/logs/:metricKey', '/management', '/management/plants', '/management/plants/:id',
      '/management/inverters/:id', '/management/tags', '/ems', '/rc', '/fep', '/ev', '/notifications',
      '/my-account', '/my-account/security', '/my-account/notifications', '/integrations', '/integrations/sources',
      '/my-account/iam/users', '/my-account/iam/roles', '/my-account/iam/permissions', '/analytics',
      '/analytics/benchmark', '/analytics/benchmark/plant/:id', '/plant/:id/settings',
    ]) {
      expect(routes).toContain(route);
    }
  });

  it('hides the detail routes from the secondary lists', () => {
    const hidden = MENU.flatMap((e) => e.items ?? []).filter((i) => i.hidden).map((i) => i.href);
    expect(hidden).toEqual(
      expect.arrayContaining(['/management/plants/:id', '/management/inverters/:id', '/analytics/benchmark/plant/:id']),
    );
  });

  it('has unique entry keys', () => {
    expect(new Set(MENU.map((e) => e.key)).size).toBe(MENU.length);
  });

  it('has every label in both languages', () => {
    const keys = MENU.flatMap((e) => [e.labelKey, ...(e.items ?? []).map((i) => i.labelKey)]);
    for (const key of keys) {
      expect([key, typeof lookup(enMessages, key)]).toEqual([key, 'string']);
      expect([key, typeof lookup(csMessages, key)]).toEqual([key, 'string']);
    }
  });
});
