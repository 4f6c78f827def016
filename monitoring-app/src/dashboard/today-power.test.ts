import type { TimeSeriesRow } from '@helio/shared-utils';
import { chartedMetrics, plantDaySoFar, todayColumns } from './today-power';

const row = (time: string, metricKey: string, avg: number): TimeSeriesRow => ({
  time,
  metricKey,
  avg,
  min: avg,
  max: avg,
  last: avg,
  count: 15,
  energyKwh: null,
});

describe("today's power", () => {
  it("starts at the plant's local midnight, not the browser's or UTC's", () => {
    // 01:30 in Prague (CEST, UTC+2) is 23:30 UTC of the day before: the day began at 22:00 UTC.
    const now = Date.parse('2026-06-15T23:30:00Z');
    expect(plantDaySoFar('Europe/Prague', now)).toEqual({ since: Date.parse('2026-06-15T22:00:00Z'), until: now });
    expect(plantDaySoFar('America/New_York', now).since).toBe(Date.parse('2026-06-15T04:00:00Z'));
  });

  it('aligns the rows of every metric on one ascending time axis, null where a metric has no bucket', () => {
    const rows = [
      row('2026-06-15T10:15:00.000Z', 'ActPwrPve', 3200),
      row('2026-06-15T10:00:00.000Z', 'ActPwrPve', 3000),
      row('2026-06-15T10:00:00.000Z', 'ActPwrLoad', 900),
      row('2026-06-15T10:15:00.000Z', 'ActPwrGrid', -1500),
    ];
    const t0 = Date.parse('2026-06-15T10:00:00Z') / 1000;
    expect(todayColumns(rows, ['ActPwrPve', 'ActPwrLoad', 'ActPwrGrid'])).toEqual([
      [t0, t0 + 900],
      [3000, 3200],
      [900, null],
      [null, -1500],
    ]);
  });

  it('charts only the metrics reported today, and the battery only for a plant that has one', () => {
    const rows = [
      row('2026-06-15T10:00:00Z', 'ActPwrBat', 400),
      row('2026-06-15T10:00:00Z', 'ActPwrPve', 1),
      row('2026-06-15T10:00:00Z', 'BatSoc', 50),
    ];
    expect(chartedMetrics(rows, true)).toEqual(['ActPwrPve', 'ActPwrBat']);
    expect(chartedMetrics(rows, false)).toEqual(['ActPwrPve']);
  });
});
