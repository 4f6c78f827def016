import type { CounterRow, FleetPlant } from './fleet-query';
import { plantPeriod } from './plant-figures';
import { SpotIndex } from './spot-index';

const H = 3_600_000;
const bounds = { start: 10 * H, end: 13 * H, baseStart: 9 * H, buckets: [10 * H, 11 * H, 12 * H] };
const plant: FleetPlant = {
  id: 'p',
  name: 'P',
  thingName: 't',
  timezone: 'UTC',
  latitude: 49.2,
  longitude: 16.6,
  tiltDeg: 35,
  azimuthDeg: 0,
  pvPeakKw: 10,
  exportLimitKw: null,
  tariffPerKwh: null,
  tariffCurrency: 'CZK',
  createdAt: 0,
  tagIds: [],
};
const row = (metric_key: string, hour: number, value_min: number, last_value: number): CounterRow => ({
  thing_name: 't',
  metric_key,
  bucket: hour * H,
  value_min,
  value_max: last_value,
  last_value,
});
const ctx = (now = 13 * H, prices = new SpotIndex([])) => ({ now, spot: prices, eurCzk: 25 });

describe("one plant's figures over a period", () => {
  it("counts a bucket's energy from the bucket before's last reading, and the first without one as max - min", () => {
    const rows = [
      row('EnergyPveTotal', 9, 90, 100),
      row('EnergyPveTotal', 10, 101, 104),
      row('EnergyPveTotal', 12, 104, 110),
      row('EnergyGridExportTotal', 11, 5, 7),
    ];
    const { buckets, figures } = plantPeriod(plant, rows, [], bounds, ctx());
    expect(buckets.map((b) => b.produced)).toEqual([4, 0, 6]);
    expect(buckets[1]?.exported).toBe(2); // the first export reading has nothing before it
    expect(figures.produced).toBe(10);
    expect(figures.specificYield).toBe(1);
  });

  it('never counts a counter that ran back as negative energy', () => {
    const { figures } = plantPeriod(plant, [row('EnergyPveTotal', 9, 0, 100), row('EnergyPveTotal', 10, 0, 50)], [], bounds, ctx());
    expect(figures.produced).toBe(0);
  });

  it('takes time under an open gateway-offline alert off the availability, and counts alerts by kind', () => {
    const spans = [
      { plant_id: 'p', kind: 'gatewayOffline', started_at: new Date(11.5 * H).toISOString(), ended_at: null },
      { plant_id: 'p', kind: 'pvLow', started_at: new Date(10 * H).toISOString(), ended_at: new Date(10.5 * H).toISOString() },
    ];
    const { figures, alerts } = plantPeriod(plant, [row('EnergyPveTotal', 10, 0, 1)], spans, bounds, ctx());
    expect(figures.offlineHours).toBeCloseTo(1.5, 9);
    expect(figures.availabilityPct).toBeCloseTo(50, 9);
    expect(alerts).toEqual(
      expect.arrayContaining([
        { kind: 'pvLow', count: 1, hours: 0.5 },
        { kind: 'gatewayOffline', count: 1, hours: 1.5 },
      ]),
    );
  });

  it('counts a plant without readings in the period as offline, with no expectation', () => {
    const { figures } = plantPeriod(plant, [], [], bounds, ctx());
    expect(figures.availabilityPct).toBe(0);
    expect(figures.expectedKwh).toBe(0);
    expect(figures.performanceRatioPct).toBeNull();
  });

  it('prices self-consumed and exported energy by the mean spot price of each bucket, and keeps unpriced energy apart', () => {
    const prices = new SpotIndex([{ start: 10 * H, minutes: 60, eurMwh: 100 }]);
    const rows = [row('EnergyPveTotal', 9, 0, 0), row('EnergyPveTotal', 10, 0, 4), row('EnergyPveTotal', 11, 4, 6)];
    const { money } = plantPeriod(plant, rows, [], bounds, ctx(13 * H, prices));
    expect(money).toEqual({ currency: 'CZK', amount: (4 * 100 * 25) / 1000, unpricedKwh: 2, pricedBy: 'spot' });
  });

  it('prices by the tariff where the plant has one', () => {
    const rows = [row('EnergyPveTotal', 9, 0, 0), row('EnergyPveTotal', 10, 0, 4)];
    const { money } = plantPeriod({ ...plant, tariffPerKwh: 0.2, tariffCurrency: 'EUR' }, rows, [], bounds, ctx());
    expect(money).toEqual({ currency: 'EUR', amount: 0.8, unpricedKwh: 0, pricedBy: 'tariff' });
  });

  it("starts a bucket's clear-sky expectation at the plant's first reading when the caller knows it more precisely", () => {
    const rows = [row('EnergyPveTotal', 10, 0, 1)];
    const whole = plantPeriod(plant, rows, [], bounds, ctx()).figures.expectedKwh;
    const fromLater = plantPeriod(plant, rows, [], bounds, { ...ctx(), firstReadingAt: 10.5 * H }).figures.expectedKwh;
    expect(whole).toBeGreaterThan(0);
    expect(fromLater).toBeLessThan(whole);
    // A first reading outside the bucket (its day roll-ups missing) is not trusted.
    expect(plantPeriod(plant, rows, [], bounds, { ...ctx(), firstReadingAt: 12 * H }).figures.expectedKwh).toBe(whole);
  });
});
