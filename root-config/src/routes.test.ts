import { AUTH_APP, isMainRoute, ownerOf, pathMatches } from './routes';

describe('route ownership', () => {
  it('gives the dashboard and every monitoring route to monitoring-app', () => {
    for (const path of ['/', '/monitoring', '/monitoring/dashboard', '/inverters', '/batteries', '/spot',
      '/statistics', '/services', '/logs', '/logs/ActPwrPve']) {
      expect(ownerOf(path)).toBe('@helio/monitoring-app');
    }
  });

  it('gives the notification centre and the schedule screen to notifications-app', () => {
    expect(ownerOf('/notifications')).toBe('@helio/notifications-app');
    expect(ownerOf('/my-account/notifications')).toBe('@helio/notifications-app');
  });

  it('gives the account, security and IAM pages to account-app', () => {
    for (const path of ['/my-account', '/my-account/security', '/my-account/iam/users', '/my-account/iam/roles',
      '/my-account/iam/permissions']) {
      expect(ownerOf(path)).toBe('@helio/account-app');
    }
  });

  it('gives the power flow and energy management to flow-app', () => {
    expect(ownerOf('/flow')).toBe('@helio/flow-app');
    expect(ownerOf('/ems')).toBe('@helio/flow-app');
  });

  it('gives every other route of SPEC §2 to its module app of DESIGN §2', () => {
    const owners: Array<[string, string]> = [
      ['/management', 'management'], ['/management/plants', 'management'], ['/management/plants/42', 'management'],
      ['/management/inverters/7', 'management'], ['/management/tags', 'management'], ['/plant/42/settings', 'management'],
      ['/analytics', 'analytics'], ['/analytics/benchmark', 'analytics'], ['/analytics/benchmark/plant/3', 'analytics'],
      ['/integrations', 'integrations'], ['/integrations/sources', 'integrations'],
      ['/rc', 'rc'], ['/fep', 'fep'], ['/ev', 'ev'],
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

  it('ignores a trailing slash and needs a segment after a prefix pattern', () => {
    expect(pathMatches('/monitoring', '/monitoring/')).toBe(true);
    expect(pathMatches('/logs/*', '/logs')).toBe(false);
    expect(pathMatches('/logs/*', '/logs/BatSoc')).toBe(true);
    expect(pathMatches('/logs/*', '/logs/BatSoc/more')).toBe(true);
    expect(pathMatches('/', '/')).toBe(true);
    expect(pathMatches('/', '/x')).toBe(false);
  });
});
