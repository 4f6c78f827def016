import { ZoneCalendar } from '../../series/calendar';
import { learnLoad } from './load-model';

const H = 3_600_000;
const D = 24 * H;
const utc = new ZoneCalendar('UTC');
// Monday 2026-06-01 00:00 UTC.
const monday = Date.parse('2026-06-01T00:00:00Z');

test('the median of the same weekday and hour over four weeks, with its spread as the band', () => {
  const load = new Map<number, number>();
  [800, 1000, 1200, 5000].forEach((watts, week) => load.set(monday - (week + 1) * 7 * D + 19 * H, watts));
  // Other days' evening loads must not count while the same weekday has enough.
  load.set(monday - D + 19 * H, 9000);
  const estimate = learnLoad(load, utc, monday)(monday + 19 * H);
  expect(estimate.w).toBe(1100);
  expect(estimate.p10).toBeGreaterThanOrEqual(800);
  expect(estimate.p90).toBeGreaterThan(1200);
});

test('with fewer than two same weekdays, every day at that hour serves', () => {
  const load = new Map<number, number>([
    [monday - D + 7 * H, 400],
    [monday - 2 * D + 7 * H, 600],
  ]);
  expect(learnLoad(load, utc, monday)(monday + 7 * H).w).toBe(500);
});

test('nothing after the issue slot is used', () => {
  const load = new Map<number, number>([[monday + 7 * H, 9999]]);
  expect(learnLoad(load, utc, monday)(monday + D + 7 * H).w).toBe(0);
});
