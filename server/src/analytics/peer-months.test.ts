import type { PlantFigures } from '@helio/contracts';
import { bucketValue, peerMonths, peerRank, peersOf } from './peer-months';
import type { PlantBucket, PlantPeriod } from './plant-figures';

const JAN = Date.UTC(2025, 0, 1);
const FEB = Date.UTC(2025, 1, 1);
const bucket = (start: number, produced: number): PlantBucket => ({
  start,
  end: start + 1,
  produced,
  consumed: 0,
  imported: 0,
  exported: 0,
  selfConsumed: 0,
  expected: 100,
  elapsedMs: 10,
  offlineMs: 1,
});

function plant(id: string, pvPeakKw: number, produced: [number, number], reported = true): PlantPeriod {
  const figures = {
    id,
    name: id,
    pvPeakKw,
    specificYield: (produced[0] + produced[1]) / pvPeakKw,
    performanceRatioPct: null,
    availabilityPct: null,
  } as PlantFigures;
  return {
    plant: { id, pvPeakKw, timezone: 'UTC' } as PlantPeriod['plant'],
    figures,
    buckets: [bucket(JAN, produced[0]), bucket(FEB, produced[1])],
    alerts: [],
    money: { currency: 'CZK', amount: 0, unpricedKwh: 0, pricedBy: 'spot' },
    reported,
  };
}

describe('a plant against its peers', () => {
  const fleet = [plant('a', 5, [10, 20]), plant('b', 8, [40, 8]), plant('c', 9, [9, 90]), plant('big', 50, [500, 500])];

  it('takes as peers the plants of its size class', () => {
    expect(peersOf(fleet, 'a').map((p) => p.plant.id)).toEqual(['a', 'b', 'c']);
    expect(peersOf(fleet, 'nobody')).toEqual([]);
    // A plant of the same size without data in the period is no peer of others (it is still its own).
    const silent = plant('silent', 6, [0, 0], false);
    expect(peersOf([...fleet, silent], 'a').map((p) => p.plant.id)).toEqual(['a', 'b', 'c']);
    expect(peersOf([...fleet, silent], 'silent').map((p) => p.plant.id)).toEqual(['a', 'b', 'c', 'silent']);
  });

  it("gives each month the plant's value and the peers' quartiles", () => {
    const a = fleet[0] as PlantPeriod;
    const months = peerMonths(peersOf(fleet, 'a'), a, 'specificYield');
    expect(months.map((m) => m.month)).toEqual(['2025-01', '2025-02']);
    expect(months[0]).toMatchObject({ value: 2, median: 2, peers: 3 });
    expect(months[0]?.p25).toBeCloseTo(1.5, 9);
    expect(months[0]?.p75).toBeCloseTo(3.5, 9);
  });

  it('ranks it among its peers over the whole period', () => {
    // a and b both yield 6 kWh/kWp: they share the rank after c's 11.
    expect(peerRank(peersOf(fleet, 'a'), 'a', 'specificYield')).toEqual({ rank: 2, quartile: 2 });
    expect(peerRank(peersOf(fleet, 'c'), 'c', 'specificYield').rank).toBe(1);
  });

  it('reads availability and performance ratio of a month from its bucket', () => {
    const one = bucket(JAN, 50);
    expect(bucketValue(one, 10, 'availability')).toBeCloseTo(90, 9);
    expect(bucketValue(one, 10, 'performanceRatio')).toBe(50);
  });
});
