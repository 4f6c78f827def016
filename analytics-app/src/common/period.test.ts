import { isFuture, isValidCustom, periodOfKind, requestPeriod, shiftPeriod, todayIso } from './period';

describe('page periods', () => {
  it('names the day, month and year holding today, and the last 30 days as the custom default', () => {
    expect(periodOfKind('day', '2025-02-14')).toEqual({ kind: 'day', from: '2025-02-14', to: '2025-02-14' });
    expect(periodOfKind('month', '2024-02-14')).toEqual({ kind: 'month', from: '2024-02-01', to: '2024-02-29' });
    expect(periodOfKind('year', '2025-02-14')).toEqual({ kind: 'year', from: '2025-01-01', to: '2025-12-31' });
    expect(periodOfKind('custom', '2025-02-14')).toEqual({ kind: 'custom', from: '2025-01-16', to: '2025-02-14' });
  });

  it('moves to the previous and next period across month and year ends', () => {
    expect(shiftPeriod(periodOfKind('day', '2025-03-01'), -1).from).toBe('2025-02-28');
    expect(shiftPeriod(periodOfKind('month', '2025-12-10'), 1)).toEqual({ kind: 'month', from: '2026-01-01', to: '2026-01-31' });
    expect(shiftPeriod(periodOfKind('year', '2025-06-01'), -1).from).toBe('2024-01-01');
    expect(shiftPeriod({ kind: 'custom', from: '2025-01-01', to: '2025-01-10' }, 1)).toEqual({
      kind: 'custom',
      from: '2025-01-11',
      to: '2025-01-20',
    });
  });

  it('knows a period that has not begun, and a custom period that is not valid', () => {
    expect(isFuture(periodOfKind('month', '2025-07-01'), '2025-06-30')).toBe(true);
    expect(isFuture(periodOfKind('month', '2025-06-01'), '2025-06-30')).toBe(false);
    expect(isValidCustom({ kind: 'custom', from: '2025-02-01', to: '2025-01-01' })).toBe(false);
    expect(isValidCustom({ kind: 'custom', from: '', to: '2025-01-01' })).toBe(false);
  });

  it('sends the last day only for a custom period', () => {
    expect(requestPeriod(periodOfKind('month', '2025-06-10'))).toEqual({ kind: 'month', from: '2025-06-01' });
    expect(requestPeriod({ kind: 'custom', from: '2025-01-01', to: '2025-01-10' })).toEqual({
      kind: 'custom',
      from: '2025-01-01',
      to: '2025-01-10',
    });
  });

  it("takes today from the browser's own calendar", () => {
    expect(todayIso(new Date(2025, 0, 31, 23, 30))).toBe('2025-01-31');
  });
});
