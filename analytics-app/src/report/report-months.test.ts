import { monthLabel, pastMonths } from './report-months';

describe('the months a report can be downloaded for', () => {
  it('are the past months, newest first, across the year boundary, without the current one', () => {
    expect(pastMonths(new Date(2026, 1, 10), 3)).toEqual(['2026-01', '2025-12', '2025-11']);
  });

  it('are named in the reader’s language', () => {
    expect(monthLabel('2025-06', 'cs-CZ')).toBe('červen 2025');
    expect(monthLabel('2025-06', 'en-US')).toBe('June 2025');
  });
});
