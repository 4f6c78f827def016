import { demoDayPrices } from './demo-prices';

describe('demo day-ahead prices', () => {
  it('gives 24 hourly prices, the same for the same date', () => {
    const day = demoDayPrices('2026-06-15');
    expect(day.map((p) => p.hour)).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(demoDayPrices('2026-06-15')).toEqual(day);
    expect(demoDayPrices('2026-06-16')).not.toEqual(day);
  });

  it('has its evening peak dearer than its solar noon, like a real day-ahead curve', () => {
    for (const date of ['2026-01-14', '2026-04-02', '2026-07-18', '2026-10-25']) {
      const day = demoDayPrices(date);
      expect(day[19].eurMwh).toBeGreaterThan(day[13].eurMwh);
      expect(day[8].eurMwh).toBeGreaterThan(day[3].eurMwh);
    }
  });

  it('stays within the range of a real market', () => {
    for (let d = 1; d <= 28; d += 1) {
      for (const { eurMwh } of demoDayPrices(`2026-07-${String(d).padStart(2, '0')}`)) {
        expect(eurMwh).toBeGreaterThan(-100);
        expect(eurMwh).toBeLessThan(400);
      }
    }
  });
});
