import { appManifests, pathMatches, showsLiveShadow, type AppManifest } from '@helio/shared-utils';
import { DEFAULT_AUTH_APP, shellRoutes } from './routes';

const BUILT = new Set([
  '@helio/auth-app',
  '@helio/monitoring-app',
  '@helio/notifications-app',
  '@helio/account-app',
  '@helio/flow-app',
  '@helio/management-app',
]);
// The shell as index.html starts it: the repository's manifests, the apps the import map names.
const shell = (extra: Record<string, AppManifest> = {}, built = BUILT) =>
  shellRoutes({ ...appManifests(), ...extra }, (name) => built.has(name));
const { ownerOf, isMainRoute } = shell();
const AUTH_APP = '@helio/auth-app';

describe('route ownership from the manifests', () => {
  it('gives the dashboard and every monitoring route to monitoring-app', () => {
    for (const path of [
      '/',
      '/monitoring',
      '/monitoring/dashboard',
      '/inverters',
      '/batteries',
      '/spot',
      '/statistics',
      '/services',
      '/logs',
      '/logs/ActPwrPve',
    ]) {
      expect([path, ownerOf(path)]).toEqual([path, '@helio/monitoring-app']);
    }
  });

  it('gives the notification centre and the schedule screen to notifications-app', () => {
    expect(ownerOf('/notifications')).toBe('@helio/notifications-app');
    expect(ownerOf('/my-account/notifications')).toBe('@helio/notifications-app');
  });

  it('gives the account, security and IAM pages to account-app', () => {
    for (const path of [
      '/my-account',
      '/my-account/security',
      '/my-account/iam/users',
      '/my-account/iam/roles',
      '/my-account/iam/permissions',
      '/my-account/iam/audit',
      '/my-account/iam/no-such-page',
    ]) {
      expect([path, ownerOf(path)]).toEqual([path, '@helio/account-app']);
    }
  });

  it('gives the power flow and energy management to flow-app', () => {
    expect(ownerOf('/flow')).toBe('@helio/flow-app');
    expect(ownerOf('/ems')).toBe('@helio/flow-app');
  });

  it('gives every other signed-in route to its module app, built or planned', () => {
    const owners: Array<[string, string]> = [
      ['/management', 'management'],
      ['/management/plants', 'management'],
      ['/management/plants/42', 'management'],
      ['/management/inverters/7', 'management'],
      ['/management/tags', 'management'],
      ['/plant/42/settings', 'management'],
      ['/analytics', 'analytics'],
      ['/analytics/benchmark', 'analytics'],
      ['/analytics/benchmark/plant/3', 'analytics'],
      ['/integrations', 'integrations'],
      ['/integrations/sources', 'integrations'],
      ['/rc', 'rc'],
      ['/fep', 'fep'],
      ['/ev', 'ev'],
    ];
    for (const [path, app] of owners) expect([path, ownerOf(path)]).toEqual([path, `@helio/${app}-app`]);
    for (const path of ['/plant/42', '/plant/42/settings/x', '/management/plants/42/x', '/rc/x']) expect(isMainRoute(path)).toBe(false);
  });

  it('gives /auth, /auth/* and unknown routes to auth-app (sign-in, sign-out, not-found)', () => {
    for (const path of ['/auth', '/auth/sign-in', '/auth/sign-out', '/auth/no-such-page', '/nowhere', '/logsx']) {
      expect(ownerOf(path)).toBe(AUTH_APP);
      expect(isMainRoute(path)).toBe(false);
    }
  });

  it('registers the built main-layout apps only: a planned module’s routes stay main routes without an app', () => {
    const { mainApps, authApp } = shell();
    expect(authApp).toBe(AUTH_APP);
    expect([...mainApps].sort()).toEqual([...BUILT].filter((n) => n !== AUTH_APP).sort());
    expect(isMainRoute('/rc')).toBe(true);
    expect(mainApps).not.toContain('@helio/rc-app');
  });

  it('follows a new app: its manifest’s paths become its main routes once the import map names it', () => {
    const weather: AppManifest = {
      module: 'analytics',
      routes: { home: { paths: ['/weather'] }, station: { paths: ['/weather/station/:id'] } },
    };
    expect(shell().isMainRoute('/weather')).toBe(false);
    const withWeather = shell({ '@helio/weather-app': weather }, new Set([...BUILT, '@helio/weather-app']));
    expect(withWeather.mainApps).toContain('@helio/weather-app');
    expect(withWeather.ownerOf('/weather/station/9')).toBe('@helio/weather-app');
    expect(withWeather.isMainRoute('/weather/station')).toBe(false);
  });

  it('still reaches sign-in when the manifests document is missing', () => {
    const empty = shellRoutes({}, () => true);
    expect(empty.ownerOf('/')).toBe(DEFAULT_AUTH_APP);
    expect(empty.mainApps).toEqual([]);
  });

  it('ignores a trailing slash and needs a segment after a prefix pattern', () => {
    expect(pathMatches('/monitoring', '/monitoring/')).toBe(true);
    expect(pathMatches('/logs/*', '/logs')).toBe(false);
    expect(pathMatches('/logs/*', '/logs/BatSoc')).toBe(true);
    expect(pathMatches('/logs/*', '/logs/BatSoc/more')).toBe(true);
    expect(pathMatches('/', '/')).toBe(true);
    expect(pathMatches('/', '/x')).toBe(false);
  });
});

describe('pages that show the active plant live', () => {
  it('are the dashboard and the power flow: a session landing there asks for the shadow and the stream at once', () => {
    const live = ['/', '/monitoring', '/monitoring/dashboard', '/flow', '/flow/'];
    const others = ['/statistics', '/logs/ActPwrPve', '/ems', '/my-account', '/notifications', '/auth/sign-in'];
    expect(live.filter((path) => showsLiveShadow(appManifests(), path))).toEqual(live);
    expect(others.filter((path) => showsLiveShadow(appManifests(), path))).toEqual([]);
  });
});
