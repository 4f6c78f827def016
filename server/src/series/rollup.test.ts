import { ZoneCalendar } from './calendar';
import { MAX_HOLD_MS, RollupAccumulator } from './rollup';

const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;

describe('RollupAccumulator', () => {
  const utc = new ZoneCalendar('UTC');

  it('keeps count, sum, extremes and the last value of each bucket', () => {
    const acc = new RollupAccumulator(utc);
    for (const [time, value] of [
      ['10:20', 5],
      ['10:10', 9],
      ['10:50', -2],
      ['11:05', 7],
    ] as const) {
      acc.add({ metricKey: 'BatSoc', ts: at(`2025-01-01T${time}:00Z`), value });
    }
    const hours = acc.drain().rollups.filter((r) => r.granularity === 'hour');
    expect(hours.map((r) => [new Date(r.bucket).toISOString(), r.count, r.sum, r.min, r.max, r.last, r.energyWh])).toEqual([
      ['2025-01-01T10:00:00.000Z', 3, 12, -2, 9, -2, 0],
      ['2025-01-01T11:00:00.000Z', 1, 7, 7, 7, 7, 0],
    ]);
  });

  it('integrates power over time and splits an interval that crosses into the next hour', () => {
    const acc = new RollupAccumulator(utc);
    let previous: number | undefined;
    for (let ts = at('2025-01-01T09:05:00Z'); ts <= at('2025-01-01T11:00:00Z'); ts += 5 * MIN) {
      acc.add({ metricKey: 'ActPwrPve', ts, value: 1200 }, previous);
      previous = ts;
    }
    const { rollups, shares } = acc.drain();
    const energy = (bucket: string) => rollups.find((r) => r.granularity === 'hour' && r.bucket === at(bucket))?.energyWh;
    expect(energy('2025-01-01T09:00:00Z')).toBeCloseTo((1200 * 55) / 60); // 09:05 has no sample before it
    expect(energy('2025-01-01T10:00:00Z')).toBeCloseTo(1200);
    expect(energy('2025-01-01T11:00:00Z')).toBeCloseTo(0); // 11:00 ends an interval of hour 10
    expect(shares).toEqual([]);
  });

  it('owes the earlier bucket its part when that bucket is not in the batch, and bounds a gap', () => {
    const acc = new RollupAccumulator(utc);
    acc.add({ metricKey: 'ActPwrGrid', ts: at('2025-01-01T10:02:00Z'), value: 600 }, at('2025-01-01T09:58:00Z'));
    acc.add({ metricKey: 'ActPwrLoad', ts: at('2025-01-01T13:00:00Z'), value: 600 }, at('2025-01-01T11:00:00Z'));
    const { rollups, shares } = acc.drain();
    const hour = (key: string) => rollups.find((r) => r.granularity === 'hour' && r.metricKey === key)?.energyWh;
    expect(hour('ActPwrGrid')).toBeCloseTo(20);
    expect(shares.filter((s) => s.granularity === 'hour')).toEqual([
      { granularity: 'hour', metricKey: 'ActPwrGrid', bucket: at('2025-01-01T09:00:00Z'), energyWh: 20 },
      { granularity: 'hour', metricKey: 'ActPwrLoad', bucket: at('2025-01-01T12:00:00Z'), energyWh: (600 * MAX_HOLD_MS) / 3_600_000 },
    ]);
    expect(hour('ActPwrLoad')).toBe(0);
  });
});
