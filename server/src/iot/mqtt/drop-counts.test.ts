// The dropped-report counts per thing stay at their bound: past it the least recently counted goes.
import { DropCounts } from './drop-counts';

describe('the dropped-report counts per thing', () => {
  it('stay at the bound, the least recently counted thing going first', () => {
    const drops = new DropCounts(3);
    for (const thing of ['a', 'b', 'c', 'a']) drops.count(thing);
    expect([drops.of('a'), drops.of('b'), drops.of('c')]).toEqual([2, 1, 1]);
    drops.count('a'); // the reads left a, b, c; counting a again leaves b the least recent
    drops.count('d'); // past the bound: b goes
    expect(drops.size).toBe(3);
    expect(drops.of('b')).toBe(0);
    expect([drops.of('a'), drops.of('c'), drops.of('d')]).toEqual([3, 1, 1]);
  });

  it('hold no more than the bound however many things drop', () => {
    const drops = new DropCounts(100);
    for (let i = 0; i < 1000; i++) drops.count(`thing-${i}`);
    expect(drops.size).toBe(100);
    expect(drops.of('thing-899')).toBe(0);
    expect(drops.of('thing-900')).toBe(1);
  });
});
