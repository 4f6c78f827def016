import type { TimeSeriesRow } from '@helio/shared-utils';
import { csvFileName, seriesCsv } from './series';

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

describe('a metric series as CSV', () => {
  it('exports one CSV line per API row with every field of the row', () => {
    const lines = seriesCsv(rows).trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,metricKey,avg,min,max,last,count,energyKwh');
    expect(lines.slice(1)).toEqual([
      '2026-06-15T10:00:00.000Z,ActPwrPve,3120.5,2800,3400,3300,720,3.1205',
      '2026-06-15T11:00:00.000Z,ActPwrPve,3500,3300,3600,3550,720,3.5',
    ]);
  });

  it('leaves the energy empty for a metric that has none', () => {
    const soc = { ...rows[0], metricKey: 'BatSoc', energyKwh: null };
    expect(seriesCsv([soc]).split('\r\n')[1]).toBe('2026-06-15T10:00:00.000Z,BatSoc,3120.5,2800,3400,3300,720,');
  });

  it('names the file after plant, metric, range and granularity without accents or spaces', () => {
    expect(csvFileName('Brno – Líšeň', 'ActPwrPve', new Date('2026-06-14T12:00:00Z'), new Date('2026-06-15T12:00:00Z'), '15m')).toBe(
      'Brno-Lisen_ActPwrPve_2026-06-14_2026-06-15_15m.csv',
    );
  });
});
