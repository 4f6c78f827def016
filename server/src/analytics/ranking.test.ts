import { metricValue, quantile, quartileOf, quartilesOf, rankBy } from './ranking';

describe('ranking plants', () => {
  it('interpolates quantiles as QUARTILE.INC does', () => {
    expect(quantile([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75, 9);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([7], 0.75)).toBe(7);
    expect(quantile([], 0.5)).toBeNull();
  });

  it('leaves plants without the figure out of the quartiles', () => {
    expect(quartilesOf([4, null, 1, 3, 2])).toEqual({ q1: 1.75, median: 2.5, q3: 3.25 });
    expect(quartilesOf([null])).toBeNull();
  });

  it('puts the best quarter in quartile 1 and the worst in 4', () => {
    const q = { q1: 10, median: 20, q3: 30 };
    expect([35, 25, 15, 5, null].map((v) => quartileOf(v, q))).toEqual([1, 2, 3, 4, null]);
  });

  it('ranks best first, ties sharing a rank, plants without a value last and unranked', () => {
    const ranked = rankBy(['a', 'b', 'c', 'd'], (id) => ({ a: 5, b: 9, c: null, d: 9 })[id] ?? null);
    expect(ranked.map((r) => [r.item, r.rank])).toEqual([
      ['b', 1],
      ['d', 1],
      ['a', 3],
      ['c', null],
    ]);
  });

  it('reads the figure the benchmark ranks by', () => {
    const figures = { specificYield: 1000, performanceRatioPct: 80, availabilityPct: 99 };
    expect(metricValue(figures, 'specificYield')).toBe(1000);
    expect(metricValue(figures, 'performanceRatio')).toBe(80);
    expect(metricValue(figures, 'availability')).toBe(99);
  });
});
