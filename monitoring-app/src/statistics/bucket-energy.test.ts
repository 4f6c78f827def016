import type { TimeSeriesRow } from '@helio/shared-utils';
import { bucketEnergies, bucketsCsv, periodTotal } from './bucket-energy';

const counter = (metricKey: string, time: string, min: number, max: number, last = max): TimeSeriesRow => ({
  time,
  metricKey,
  avg: (min + max) / 2,
  min,
  max,
  last,
  count: 12,
  energyKwh: null,
});
const START = Date.parse('2026-06-15T10:00:00Z');

describe('energy per statistics bucket', () => {
  it('takes the step from the previous bucket’s last reading, the bucket before the period giving the base', () => {
    const buckets = bucketEnergies(
      [
        counter('EnergyPveTotal', '2026-06-15T09:00:00Z', 100, 102),
        counter('EnergyPveTotal', '2026-06-15T10:00:00Z', 102.4, 105),
        counter('EnergyPveTotal', '2026-06-15T11:00:00Z', 105.3, 109),
      ],
      START,
    );
    expect(buckets.map((b) => [new Date(b.time).toISOString(), b.balance.produced])).toEqual([
      ['2026-06-15T10:00:00.000Z', 3],
      ['2026-06-15T11:00:00.000Z', 4],
    ]);
  });

  it('falls back to max - min for a first bucket with nothing before it', () => {
    const [first] = bucketEnergies([counter('EnergyLoadTotal', '2026-06-15T10:00:00Z', 50, 52.5)], START);
    expect(first.balance.consumed).toBe(2.5);
  });

  it('combines the counters of a bucket into its balance and ignores other metrics', () => {
    const [bucket] = bucketEnergies(
      [
        counter('EnergyPveTotal', '2026-06-15T10:00:00Z', 0, 10),
        counter('EnergyGridExportTotal', '2026-06-15T10:00:00Z', 0, 4),
        counter('EnergyLoadTotal', '2026-06-15T10:00:00Z', 0, 8),
        counter('EnergyGridImportTotal', '2026-06-15T10:00:00Z', 0, 2),
        { ...counter('ActPwrPve', '2026-06-15T10:00:00Z', 0, 5000), energyKwh: 10 },
      ],
      START,
    );
    expect(bucket.balance).toMatchObject({
      produced: 10,
      exported: 4,
      selfConsumed: 6,
      consumed: 8,
      imported: 2,
      selfConsumptionPct: 60,
      autarkyPct: 75,
    });
  });

  it('never shows negative energy when a counter was reset', () => {
    const [bucket] = bucketEnergies(
      [counter('EnergyPveTotal', '2026-06-15T09:00:00Z', 500, 510), counter('EnergyPveTotal', '2026-06-15T10:00:00Z', 0, 3)],
      START,
    );
    expect(bucket.balance.produced).toBe(0);
  });

  it('sums the period’s buckets into its total balance', () => {
    const total = periodTotal(
      bucketEnergies(
        [
          counter('EnergyPveTotal', '2026-06-15T10:00:00Z', 0, 10),
          counter('EnergyPveTotal', '2026-06-15T11:00:00Z', 10, 30),
          counter('EnergyLoadTotal', '2026-06-15T10:00:00Z', 0, 5),
          counter('EnergyLoadTotal', '2026-06-15T11:00:00Z', 5, 15),
        ],
        START,
      ),
    );
    expect(total).toMatchObject({ produced: 30, consumed: 15 });
  });

  it('exports one CSV line per bucket: the plant’s local time with its offset, energies in kWh to the watt-hour', () => {
    const csv = bucketsCsv(
      bucketEnergies(
        [counter('EnergyPveTotal', '2026-06-15T10:00:00Z', 0, 10), counter('EnergyGridExportTotal', '2026-06-15T10:00:00Z', 0, 4)],
        START,
      ),
      'Europe/Prague',
    );
    expect(csv.split('\r\n').slice(0, 2)).toEqual([
      'time,producedKwh,consumedKwh,selfConsumedKwh,importedKwh,exportedKwh,batteryChargedKwh,batteryDischargedKwh',
      '2026-06-15T12:00:00+02:00,10,0,6,0,4,0,0',
    ]);
  });
});
