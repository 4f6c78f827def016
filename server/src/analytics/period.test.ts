import { resolvePeriod, zoneBounds } from './period';

describe('analytics periods', () => {
  it('resolves a day, a month and a year to their first and last days and their bucket size', () => {
    expect(resolvePeriod({ kind: 'day', from: '2025-03-30' })).toEqual({
      kind: 'day',
      from: '2025-03-30',
      to: '2025-03-30',
      granularity: 'hour',
    });
    expect(resolvePeriod({ kind: 'month', from: '2024-02-17' })).toEqual({
      kind: 'month',
      from: '2024-02-01',
      to: '2024-02-29',
      granularity: 'day',
    });
    expect(resolvePeriod({ kind: 'year', from: '2025-07-04' })).toEqual({
      kind: 'year',
      from: '2025-01-01',
      to: '2025-12-31',
      granularity: 'month',
    });
    expect(resolvePeriod({ kind: 'custom', from: '2025-01-10', to: '2025-02-10' })).toMatchObject({
      from: '2025-01-10',
      to: '2025-02-10',
      granularity: 'day',
    });
  });

  it('refuses a custom period without an end, ending before it begins or longer than a year, and a day that does not exist', () => {
    expect(() => resolvePeriod({ kind: 'custom', from: '2025-01-10' })).toThrow(/last day/);
    expect(() => resolvePeriod({ kind: 'custom', from: '2025-01-10', to: '2025-01-09' })).toThrow(/ends before/);
    expect(() => resolvePeriod({ kind: 'custom', from: '2024-01-01', to: '2025-01-01' })).toThrow(/at most 366/);
    expect(() => resolvePeriod({ kind: 'day', from: '2025-02-30' })).toThrow(/not a calendar day/);
  });

  it('counts 23 hour buckets on the spring-forward day in Prague, starting at local midnight', () => {
    const bounds = zoneBounds(resolvePeriod({ kind: 'day', from: '2025-03-30' }), 'Europe/Prague');
    expect(bounds.start).toBe(Date.UTC(2025, 2, 29, 23));
    expect(bounds.buckets).toHaveLength(23);
    expect(bounds.baseStart).toBe(bounds.start - 3_600_000);
  });

  it('reads a year in twelve month buckets with the December before as the base', () => {
    const bounds = zoneBounds(resolvePeriod({ kind: 'year', from: '2025-01-01' }), 'Europe/Prague');
    expect(bounds.buckets).toHaveLength(12);
    expect(bounds.baseStart).toBe(Date.UTC(2024, 10, 30, 23));
    expect(bounds.end).toBe(Date.UTC(2025, 11, 31, 23));
  });
});
