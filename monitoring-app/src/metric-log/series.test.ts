import type { TimeSeriesRow } from '@helio/shared-utils';
import { seriesCsv, seriesFileName } from './series';

const PRAGUE = 'Europe/Prague';
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
  it('exports one line per API row: the plant’s time with its offset, values at the metric’s precision', () => {
    const lines = seriesCsv(rows, PRAGUE).trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,metricKey,avg,min,max,last,count,energyKwh');
    expect(lines.slice(1)).toEqual([
      '2026-06-15T12:00:00+02:00,ActPwrPve,3121,2800,3400,3300,720,3.121',
      '2026-06-15T13:00:00+02:00,ActPwrPve,3500,3300,3600,3550,720,3.5',
    ]);
  });

  it('leaves the energy empty for a metric that has none, and writes a state of charge to a tenth', () => {
    const soc = { ...rows[0]!, metricKey: 'BatSoc', avg: 55.55, energyKwh: null };
    expect(seriesCsv([soc], PRAGUE).split('\r\n')[1]).toBe('2026-06-15T12:00:00+02:00,BatSoc,55.6,2800,3400,3300,720,');
  });

  it('names the file after plant, metric and granularity, without accents or spaces, and the plant-local days', () => {
    // Prague's 14 and 15 June: the range ends at the 16th's midnight (exclusive)
    expect(
      seriesFileName('Brno – Líšeň', 'ActPwrPve', new Date('2026-06-13T22:00:00Z'), new Date('2026-06-15T22:00:00Z'), '15m', PRAGUE),
    ).toBe('Brno-Lisen_ActPwrPve_15m_2026-06-14_2026-06-15.csv');
  });
});
