// What the expected yield keeps (sums, days' running sums, days of skies) is bounded: past each bound
// the least recently used entry goes and is computed again when asked for.
import { BoundedMap } from '../cache/bounded-map';
import { keptBounds, remember } from './expected-yield';

describe('what the expected yield keeps', () => {
  it('states its bounds: 200,000 sums, 20,000 days, 20,000 days of skies', () => {
    expect(keptBounds()).toEqual({ sums: 200_000, days: 20_000, skies: 20_000 });
  });

  it('stays at the bound, the least recently used going first and computed again when asked for', () => {
    const kept = new BoundedMap<string, number>(2);
    let computed = 0;
    const sum = (key: string) => remember(kept, key, () => ++computed);
    expect([sum('a'), sum('b'), sum('a')]).toEqual([1, 2, 1]); // a kept, now the most recent
    sum('c'); // past the bound: b goes
    expect(kept.size).toBe(2);
    expect(sum('a')).toBe(1);
    expect(sum('b')).toBe(4); // computed again
    expect(kept.size).toBe(2);
  });
});
