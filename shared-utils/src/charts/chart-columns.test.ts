import type { TimeSeriesRow } from '../api/endpoints';
import { chartColumns } from './chart-columns';

describe('a metric series as chart columns', () => {
  it('gives the chart columns in seconds with average, minimum and maximum', () => {
    const rows: TimeSeriesRow[] = [
      {
        time: '2026-06-15T10:00:00.000Z',
        metricKey: 'ActPwrPve',
        avg: 3120.5,
        min: 2800,
        max: 3400,
        last: 3300,
        count: 720,
        energyKwh: 3.1205,
      },
      { time: '2026-06-15T11:00:00.000Z', metricKey: 'ActPwrPve', avg: 3500, min: 3300, max: 3600, last: 3550, count: 720, energyKwh: 3.5 },
    ];
    expect(chartColumns(rows)).toEqual([
      [1781517600, 1781521200],
      [3120.5, 3500],
      [2800, 3300],
      [3400, 3600],
    ]);
  });
});
