import { assignReleases, bucketOf, getsCanary, type ModuleRollout } from './assignment';

const rollout = (share: number, tenants: string[] = []): ModuleRollout => ({
  module: '@helio/ev-app',
  stable: 's',
  canary: 'c',
  share,
  tenants,
});
const users = Array.from({ length: 2000 }, (_, i) => ({ userId: `user-${i}`, tenantId: 't-1' }));

describe('release assignment', () => {
  it('puts a user in the same bucket every time, and in different buckets for different modules', () => {
    expect(bucketOf('user-1', '@helio/ev-app')).toBe(bucketOf('user-1', '@helio/ev-app'));
    const differs = users.filter(
      (u) => Math.floor(bucketOf(u.userId, '@helio/ev-app')) !== Math.floor(bucketOf(u.userId, '@helio/fep-app')),
    );
    expect(differs.length).toBeGreaterThan(users.length * 0.9);
  });

  it('gives a share canary to about that share of users', () => {
    const reached = users.filter((u) => getsCanary(rollout(25), u)).length / users.length;
    expect(reached).toBeGreaterThan(0.22);
    expect(reached).toBeLessThan(0.28);
    expect(users.filter((u) => getsCanary(rollout(0), u))).toEqual([]);
    expect(users.every((u) => getsCanary(rollout(100), u))).toBe(true);
  });

  it('gives an organisation canary to every user of it and nobody else, and stable to a signed-out visitor', () => {
    expect(getsCanary(rollout(0, ['t-2']), { userId: 'a', tenantId: 't-2' })).toBe(true);
    expect(users.some((u) => getsCanary(rollout(0, ['t-2']), u))).toBe(false);
    expect(assignReleases([rollout(100, ['t-1'])], null).get('@helio/ev-app')).toBe('s');
    expect(assignReleases([{ ...rollout(100), canary: null }], users[0] ?? null).get('@helio/ev-app')).toBe('s');
  });
});
