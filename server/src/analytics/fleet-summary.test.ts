import type { PlantFigures } from '@helio/contracts';
import { extremePlants, fleetAlerts, fleetMoney, fleetTotals, fleetTrend } from './fleet-summary';
import type { PlantBucket, PlantPeriod } from './plant-figures';

const bucket = (start: number, produced: number, over: Partial<PlantBucket> = {}): PlantBucket => ({
  start,
  end: start + 1,
  produced,
  consumed: 10,
  imported: 4,
  exported: produced / 2,
  selfConsumed: produced / 2,
  expected: produced * 2,
  elapsedMs: 100,
  offlineMs: 0,
  ...over,
});

function plant(id: string, pvPeakKw: number, buckets: PlantBucket[], over: Partial<PlantPeriod> = {}): PlantPeriod {
  const sum = (pick: (b: PlantBucket) => number) => buckets.reduce((s, b) => s + pick(b), 0);
  const produced = sum((b) => b.produced);
  const figures: PlantFigures = {
    id,
    name: id,
    pvPeakKw,
    sizeClass: 'small',
    produced,
    consumed: sum((b) => b.consumed),
    selfConsumed: sum((b) => b.selfConsumed),
    imported: sum((b) => b.imported),
    exported: sum((b) => b.exported),
    specificYield: produced / pvPeakKw,
    expectedKwh: sum((b) => b.expected),
    performanceRatioPct: 50,
    availabilityPct: 100,
    offlineHours: 0,
    alertCount: 0,
  };
  return {
    plant: { id } as PlantPeriod['plant'],
    figures,
    buckets,
    alerts: [],
    money: { currency: 'CZK', amount: 10, unpricedKwh: 1, pricedBy: 'spot' },
    reported: true,
    ...over,
  };
}

describe('the fleet overview', () => {
  const a = plant('a', 10, [bucket(1, 20), bucket(2, 40)]);
  const b = plant('b', 30, [bucket(1, 30, { offlineMs: 50 })], {
    alerts: [{ kind: 'pvLow', count: 2, hours: 3 }],
    money: { currency: 'EUR', amount: 2, unpricedKwh: 0, pricedBy: 'tariff' },
  });

  it('takes percentages of the sums, so a bigger plant weighs more', () => {
    const totals = fleetTotals([a, b], 0.5);
    expect(totals.produced).toBe(90);
    expect(totals.specificYield).toBeCloseTo(90 / 40, 9);
    expect(totals.performanceRatioPct).toBeCloseTo(50, 9);
    expect(totals.availabilityPct).toBeCloseTo((250 / 300) * 100, 9);
    expect(totals.selfConsumptionPct).toBeCloseTo(50, 9);
    expect(totals.co2AvoidedKg).toBe(45);
  });

  it('leaves a plant that never reported out of the specific yield, not dragging it down', () => {
    const silent = plant('silent', 60, [bucket(1, 0)], { reported: false });
    expect(fleetTotals([a, b, silent], 0.5).specificYield).toBeCloseTo(90 / 40, 9);
    expect(fleetTotals([silent], 0.5).specificYield).toBeNull();
  });

  it('adds the trend per bucket start, money per currency and alerts per kind', () => {
    expect(fleetTrend([a, b]).map((t) => [t.start, t.produced])).toEqual([
      [1, 50],
      [2, 40],
    ]);
    expect(fleetTrend([a, b], 1).map((t) => t.start)).toEqual([1]); // nothing after now
    expect(fleetMoney([a, b])).toEqual([
      { currency: 'CZK', amount: 10, tariffPlants: 0, spotPlants: 1, unpricedKwh: 1 },
      { currency: 'EUR', amount: 2, tariffPlants: 1, spotPlants: 0, unpricedKwh: 0 },
    ]);
    expect(fleetAlerts([a, b])).toEqual([{ kind: 'pvLow', count: 2, hours: 3 }]);
  });

  it('names the plants with the highest and the lowest specific yield', () => {
    const { top, bottom } = extremePlants([a, b], 1);
    expect(top.map((p) => p.id)).toEqual(['a']);
    expect(bottom.map((p) => p.id)).toEqual(['b']);
  });
});
