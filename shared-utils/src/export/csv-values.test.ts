// Every export's times carry the plant's offset, its values their unit's precision, and its file the
// plant-local days it holds.
import { csvFileName, csvFileNameOfDays, csvMetricNumber, csvNumber, plantTimestamp } from './csv-values';
import { toCsv } from './csv';

const PRAGUE = 'Europe/Prague';

describe('CSV values', () => {
  it('writes an instant in the plant’s wall clock with its offset, in winter and in summer', () => {
    expect(plantTimestamp(Date.parse('2026-11-28T13:00:00Z'), PRAGUE)).toBe('2026-11-28T14:00:00+01:00');
    expect(plantTimestamp(Date.parse('2026-07-01T22:30:00Z'), PRAGUE)).toBe('2026-07-02T00:30:00+02:00');
    expect(plantTimestamp(Date.parse('2026-11-28T13:00:00Z'), 'America/New_York')).toBe('2026-11-28T08:00:00-05:00');
  });

  it('names a file by the plant-local days it holds, not by the UTC date of its start', () => {
    // Saturday 2026-11-28 in Prague starts at 23:00 UTC on Friday.
    const saturday = Date.parse('2026-11-27T23:00:00Z');
    expect(csvFileName('demo_day', saturday, saturday + 86_400_000, PRAGUE)).toBe('demo_day_2026-11-28.csv');
    const december = Date.parse('2026-11-30T23:00:00Z');
    expect(csvFileName('demo_month', december, Date.parse('2026-12-31T23:00:00Z'), PRAGUE)).toBe('demo_month_2026-12-01_2026-12-31.csv');
  });

  it('makes every part of a file name safe, and names a period of plant-local days the same way', () => {
    const saturday = Date.parse('2026-11-27T23:00:00Z');
    expect(csvFileName(['Brno – Líšeň', 'ActPwrPve', '15m'], saturday, saturday + 3_600_000, PRAGUE)).toBe(
      'Brno-Lisen_ActPwrPve_15m_2026-11-28.csv',
    );
    expect(csvFileNameOfDays(['benchmark', 'specificYield'], '2026-11-01', '2026-11-30')).toBe(
      'benchmark_specificYield_2026-11-01_2026-11-30.csv',
    );
    expect(csvFileNameOfDays('spot', '2026-11-28', '2026-11-28')).toBe('spot_2026-11-28.csv');
  });

  it('rounds a metric’s value by the metric’s unit', () => {
    expect(csvMetricNumber(3120.5, 'ActPwrPve')).toBe(3121);
    expect(csvMetricNumber(55.55, 'BatSoc')).toBe(55.6);
    expect(csvMetricNumber(12.34567, 'EnergyPveTotal')).toBe(12.346);
  });

  it('rounds a value to its unit’s precision', () => {
    expect(csvNumber(0.1 + 0.2, 'kWh')).toBe(0.3);
    expect(csvNumber(1234.56, 'W')).toBe(1235);
    expect(csvNumber(55.55, '%')).toBe(55.6);
    expect(csvNumber(null, 'kWh')).toBeNull();
    expect(csvNumber(Number.NaN, 'kWh')).toBeNull();
  });

  it('neutralises a formula-leading cell but keeps negative numbers', () => {
    expect(toCsv(['a', 'b', 'c', 'd', 'e'], [['=1+1', '+x', '@SUM', '\tx', -5]])).toBe("a,b,c,d,e\r\n'=1+1,'+x,'@SUM,'\tx,-5\r\n");
  });
});
