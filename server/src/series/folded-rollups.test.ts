// A drain's buckets for PostgreSQL's upsert: a metric's hour, day and month buckets go as one row only
// when they hold the same figures.
import { foldRollups } from './folded-rollups';
import type { Rollup } from './rollup';

const HOUR = Date.parse('2025-06-01T10:00:00Z');
const DAY = Date.parse('2025-05-31T22:00:00Z'); // Prague's midnight
const MONTH = Date.parse('2025-05-31T22:00:00Z');

const bucket = (granularity: Rollup['granularity'], start: number, energyWh = 50): Rollup => ({
  granularity,
  metricKey: 'ActPwrPve',
  bucket: start,
  count: 6,
  sum: 6000,
  min: 900,
  max: 1100,
  lastTs: HOUR + 25_000,
  last: 1000,
  energyWh,
});

describe('foldRollups', () => {
  it('sends a metric’s hour, day and month buckets as one row with three buckets when their figures agree', () => {
    const { folded, rows } = foldRollups([
      { thingName: 'gw', rollups: [bucket('hour', HOUR), bucket('day', DAY), bucket('month', MONTH)] },
    ]);
    expect(rows).toEqual([]);
    expect(folded).toEqual([
      {
        thing_name: 'gw',
        metric_key: 'ActPwrPve',
        hour_bucket: HOUR,
        day_bucket: DAY,
        month_bucket: MONTH,
        sample_count: 6,
        value_sum: 6000,
        value_min: 900,
        value_max: 1100,
        last_ts: HOUR + 25_000,
        last_value: 1000,
        energy_wh: 50,
      },
    ]);
  });

  it('keeps the buckets apart when a hold reached back over the hour’s start (the hour has less energy than the day)', () => {
    const { folded, rows } = foldRollups([
      { thingName: 'gw', rollups: [bucket('hour', HOUR, 40), bucket('day', DAY), bucket('month', MONTH)] },
    ]);
    expect(folded).toEqual([]);
    expect(rows.map((r) => [r.granularity, r.bucket, r.energy_wh])).toEqual([
      ['hour', HOUR, 40],
      ['day', DAY, 50],
      ['month', MONTH, 50],
    ]);
  });

  it('keeps the buckets apart when the drain spans two hours', () => {
    const { folded, rows } = foldRollups([
      { thingName: 'gw', rollups: [bucket('hour', HOUR - 3_600_000), bucket('hour', HOUR), bucket('day', DAY), bucket('month', MONTH)] },
    ]);
    expect(folded).toEqual([]);
    expect(rows).toHaveLength(4);
  });
});
