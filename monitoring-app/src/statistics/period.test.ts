import { currentPeriod, isFuture, periodBounds, shiftPeriod } from './period';

const PRAGUE = 'Europe/Prague';
const iso = (ms: number) => new Date(ms).toISOString();

describe('statistics periods in the plant’s calendar', () => {
  const now = Date.parse('2026-03-01T00:30:00Z'); // 1 March, 01:30 in Prague

  it('takes the day, month and year holding now in the plant’s zone', () => {
    const lateEvening = Date.parse('2026-02-28T23:30:00Z'); // already 1 March in Prague
    expect(currentPeriod('day', PRAGUE, lateEvening)).toEqual({ kind: 'day', year: 2026, month: 3, day: 1 });
    expect(currentPeriod('month', PRAGUE, lateEvening)).toEqual({ kind: 'month', year: 2026, month: 3, day: 1 });
    expect(currentPeriod('year', PRAGUE, now)).toEqual({ kind: 'year', year: 2026, month: 1, day: 1 });
  });

  it('steps over month and year ends', () => {
    expect(shiftPeriod({ kind: 'day', year: 2026, month: 3, day: 1 }, -1)).toEqual({ kind: 'day', year: 2026, month: 2, day: 28 });
    expect(shiftPeriod({ kind: 'month', year: 2026, month: 12, day: 1 }, 1)).toEqual({ kind: 'month', year: 2027, month: 1, day: 1 });
    expect(shiftPeriod({ kind: 'year', year: 2026, month: 1, day: 1 }, -1)).toEqual({ kind: 'year', year: 2025, month: 1, day: 1 });
  });

  it('bounds a day in hours from local midnight, with the hour before as the counters’ base', () => {
    const bounds = periodBounds({ kind: 'day', year: 2026, month: 7, day: 1 }, PRAGUE);
    expect([iso(bounds.baseStart), iso(bounds.start), iso(bounds.end), bounds.granularity]).toEqual([
      '2026-06-30T21:00:00.000Z',
      '2026-06-30T22:00:00.000Z',
      '2026-07-01T22:00:00.000Z',
      '1h',
    ]);
  });

  it('gives a DST day its 23 hours', () => {
    const bounds = periodBounds({ kind: 'day', year: 2026, month: 3, day: 29 }, PRAGUE);
    expect((bounds.end - bounds.start) / 3_600_000).toBe(23);
  });

  it('bounds a month in days and a year in months, each based on the bucket before', () => {
    const month = periodBounds({ kind: 'month', year: 2026, month: 3, day: 1 }, PRAGUE);
    expect([iso(month.baseStart), iso(month.start), iso(month.end), month.granularity]).toEqual([
      '2026-02-27T23:00:00.000Z',
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
      '1d',
    ]);
    const year = periodBounds({ kind: 'year', year: 2026, month: 1, day: 1 }, PRAGUE);
    expect([iso(year.baseStart), iso(year.start), iso(year.end), year.granularity]).toEqual([
      '2025-11-30T23:00:00.000Z',
      '2025-12-31T23:00:00.000Z',
      '2026-12-31T23:00:00.000Z',
      '1M',
    ]);
  });

  it('knows a period that has not begun yet', () => {
    expect(isFuture({ kind: 'day', year: 2026, month: 3, day: 2 }, PRAGUE, now)).toBe(true);
    expect(isFuture({ kind: 'day', year: 2026, month: 3, day: 1 }, PRAGUE, now)).toBe(false);
  });
});
