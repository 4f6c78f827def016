import { isLocalHost, isStale, SHADOW_STALE_MS } from './staleness';

describe('shadow staleness', () => {
  const now = 1_750_000_000_000;

  it('is 60 s', () => {
    expect(SHADOW_STALE_MS).toBe(60000);
  });

  it('counts data of exactly 60 s as fresh and anything older as stale', () => {
    expect(isStale(now - 59_999, now)).toBe(false);
    expect(isStale(now - 60_000, now)).toBe(false);
    expect(isStale(now - 60_001, now)).toBe(true);
  });

  it('uses the current time by default', () => {
    expect(isStale(Date.now() - 120_000)).toBe(true);
    expect(isStale(Date.now())).toBe(false);
  });
});

describe('local host', () => {
  it('recognises the loopback names', () => {
    for (const host of ['localhost', '127.0.0.1', '::1', '[::1]']) expect(isLocalHost(host)).toBe(true);
    for (const host of ['helio.example', '10.0.0.5', 'localhost.example']) expect(isLocalHost(host)).toBe(false);
  });
});
