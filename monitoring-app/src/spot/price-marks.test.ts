import type { SpotPrice } from '@helio/shared-utils';
import { markPrices, summarise } from './price-marks';

const hour = (h: number, eurMwh: number, minutes = 60): SpotPrice => ({
  start: new Date(Date.UTC(2026, 5, 15, h)).toISOString(),
  end: new Date(Date.UTC(2026, 5, 15, h) + minutes * 60_000).toISOString(),
  eurMwh,
  czkKwh: eurMwh / 40,
});

describe('spot price marks', () => {
  it('marks the three cheapest and the three dearest hours of a day', () => {
    const day = [90, 40, 35, 50, 120, 150, 80, 30, 140].map((v, h) => hour(h, v));
    expect(markPrices(day)).toEqual([null, 'cheapest', 'cheapest', null, 'dearest', 'dearest', null, 'cheapest', 'dearest']);
  });

  it('breaks ties by the earlier hour and marks nothing twice on a short day', () => {
    expect(markPrices([hour(0, 10), hour(1, 10), hour(2, 10)])).toEqual(['cheapest', 'dearest', null]);
    expect(markPrices([])).toEqual([]);
  });

  it('summarises the day with its cheapest, dearest and time-weighted average price', () => {
    const summary = summarise([hour(0, 100), hour(1, -20, 30), hour(2, 60, 90)]);
    expect(summary?.min.eurMwh).toBe(-20);
    expect(summary?.max.eurMwh).toBe(100);
    expect(summary?.averageEurMwh).toBeCloseTo((100 * 60 - 20 * 30 + 60 * 90) / 180, 6);
    expect(summarise([])).toBeNull();
  });
});
