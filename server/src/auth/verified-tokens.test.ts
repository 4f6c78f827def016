import { VerifiedTokenCache } from './verified-tokens';

describe('verified token cache', () => {
  let now = 1_000_000;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('remembers a token until it expires', () => {
    const cache = new VerifiedTokenCache<string>(10, 30_000, clock);
    cache.remember('token', 'claims', now + 10_000);
    now += 9_999;
    expect(cache.get('token')).toBe('claims');
    now += 1;
    expect(cache.get('token')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets a long-lived token after the maximum age, so it is verified again', () => {
    const cache = new VerifiedTokenCache<string>(10, 30_000, clock);
    cache.remember('token', 'claims', now + 15 * 60_000);
    now += 29_999;
    expect(cache.get('token')).toBe('claims');
    now += 1;
    expect(cache.get('token')).toBeUndefined();
  });

  it('does not remember an expired token, nor answer for a token it was not given', () => {
    const cache = new VerifiedTokenCache<string>(10, 30_000, clock);
    cache.remember('stale', 'claims', now);
    expect(cache.get('stale')).toBeUndefined();
    cache.remember('token', 'claims', now + 1000);
    expect(cache.get('token.')).toBeUndefined();
    expect(cache.get('toke')).toBeUndefined();
  });

  it('holds at most its capacity, dropping the oldest first', () => {
    const cache = new VerifiedTokenCache<string>(2, 30_000, clock);
    for (const token of ['a', 'b', 'c']) cache.remember(token, token, now + 1000);
    expect(cache.size).toBe(2);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'b', 'c']);
  });
});
