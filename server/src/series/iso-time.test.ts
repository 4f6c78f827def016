import { isoTimeFormatter } from './iso-time';

describe('isoTimeFormatter', () => {
  it('formats exactly as Date#toISOString', () => {
    const format = isoTimeFormatter();
    const times = [
      0,
      1,
      999,
      1000,
      59_999,
      3_599_999,
      86_399_999,
      86_400_000,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2025, 11, 31, 12),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10000, 0, 1),
      -1,
      -86_400_001,
      1.5,
      Date.now(),
    ];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 3_600_000 + 7_001) times.push(t);
    for (const t of times) expect(format(t)).toBe(new Date(t).toISOString());
  });
});
