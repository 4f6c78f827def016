import { appManifests, type AppManifest, type AppManifests } from '@helio/shared-utils';
import { menuFromManifests } from './menu-from-manifests';

const repoMenu = () => menuFromManifests(appManifests());
const hrefs = (manifests: AppManifests) =>
  menuFromManifests(manifests).flatMap((e) => [e.href, ...(e.items ?? []).filter((i) => !i.groupHeader).map((i) => i.href)]);

/** A module app that is not in the repository: one folder, one import-map line, this manifest. */
const FAKE_APP: AppManifest = {
  module: 'analytics',
  routes: { weather: { paths: ['/weather'] }, station: { paths: ['/weather/station/:id'] } },
  menu: {
    entries: [{ key: 'weather', label: 'pages.weather', href: '/weather', icon: { active: 'cloud', inactive: 'cloud' }, order: 45 }],
    items: [
      { group: 'weather', label: 'pages.weatherStation', href: '/weather/station/:id', hidden: true, order: 20 },
      { group: 'weather', label: 'pages.weatherOverview', href: '/weather', icon: 'dashboard', order: 10 },
      { group: 'monitoring', label: 'pages.weather', href: '/weather', icon: 'cloud', order: 35 },
    ],
  },
};

describe('the menu from the apps’ manifests', () => {
  it('covers every signed-in route outside the auth layout, built or planned', () => {
    const routes = new Set(hrefs(appManifests()));
    for (const route of [
      '/',
      '/monitoring',
      '/monitoring/dashboard',
      '/flow',
      '/inverters',
      '/batteries',
      '/spot',
      '/statistics',
      '/services',
      '/logs',
      '/logs/:metricKey',
      '/management',
      '/management/plants',
      '/management/plants/:id',
      '/management/inverters/:id',
      '/management/tags',
      '/ems',
      '/rc',
      '/fep',
      '/ev',
      '/notifications',
      '/my-account',
      '/my-account/security',
      '/my-account/notifications',
      '/integrations',
      '/integrations/sources',
      '/my-account/iam/users',
      '/my-account/iam/roles',
      '/my-account/iam/permissions',
      '/analytics',
      '/analytics/benchmark',
      '/analytics/benchmark/plant/:id',
      '/plant/:id/settings',
    ]) {
      expect(routes).toContain(route);
    }
  });

  it('keeps the rail in the order the manifests give, whichever app declares an entry', () => {
    expect(repoMenu().map((e) => e.key)).toEqual([
      'dashboard',
      'monitoring',
      'management',
      'ems',
      'rc',
      'fep',
      'ev',
      'notifications',
      'analytics',
      'integrations',
      'settings',
    ]);
  });

  it('puts items another app declares into their group, in order (/flow under monitoring, the schedule under settings)', () => {
    const group = (key: string) =>
      repoMenu()
        .find((e) => e.key === key)
        ?.items?.map((i) => i.href);
    expect(group('monitoring')).toEqual([
      '/monitoring',
      '/monitoring/dashboard',
      '/flow',
      '/inverters',
      '/batteries',
      '/spot',
      '/statistics',
      '/services',
      '/logs',
      '/logs/:metricKey',
    ]);
    expect(group('settings')).toEqual([
      '/my-account',
      '/my-account',
      '/my-account/security',
      '/my-account/notifications',
      '/my-account/iam',
      '/my-account/iam/users',
      '/my-account/iam/roles',
      '/my-account/iam/permissions',
      '/my-account/iam/audit',
    ]);
  });

  it('hides the detail routes from the secondary lists', () => {
    const hidden = repoMenu()
      .flatMap((e) => e.items ?? [])
      .filter((i) => i.hidden)
      .map((i) => i.href);
    expect(hidden).toEqual(
      expect.arrayContaining(['/management/plants/:id', '/management/inverters/:id', '/analytics/benchmark/plant/:id']),
    );
  });

  it('follows a new app: its entry takes its place on the rail and its items join their groups', () => {
    const menu = menuFromManifests({ ...appManifests(), '@helio/weather-app': FAKE_APP });
    expect(menu.map((e) => e.key).indexOf('weather')).toBe(menu.map((e) => e.key).indexOf('ems') + 1);
    const weather = menu.find((e) => e.key === 'weather');
    expect(weather?.items?.map((i) => [i.href, i.hidden ?? false])).toEqual([
      ['/weather', false],
      ['/weather/station/:id', true],
    ]);
    expect(menu.find((e) => e.key === 'monitoring')?.items?.map((i) => i.href)).toContain('/weather');
    expect(weather?.label).toBe('pages.weather');
  });

  it('drops an item whose group no app declares, saying so', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const orphan: AppManifest = { routes: {}, menu: { items: [{ group: 'nowhere', label: 'pages.x', href: '/x', order: 1 }] } };
    expect(hrefs({ ...appManifests(), '@helio/orphan-app': orphan })).not.toContain('/x');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"nowhere"'));
  });
});
