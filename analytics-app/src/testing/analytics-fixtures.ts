// Answers of the analytics endpoints for the page tests, shaped by the contracts' types.
import type { PlantFigures, RankedPlant } from '@helio/contracts';
import type { Benchmark, Overview, PlantBenchmark } from '../common/analytics.resource';

export const plantFigures = (over: Partial<PlantFigures> = {}): PlantFigures => ({
  id: 'plant-1',
  name: 'Brno',
  pvPeakKw: 9.8,
  sizeClass: 'small',
  produced: 1234.5,
  consumed: 800,
  selfConsumed: 600,
  imported: 200,
  exported: 634.5,
  specificYield: 125.97,
  expectedKwh: 1700,
  performanceRatioPct: 72.6,
  availabilityPct: 99.2,
  offlineHours: 5.8,
  alertCount: 1,
  ...over,
});

export const rankedPlant = (over: Partial<RankedPlant> = {}): RankedPlant => ({
  ...plantFigures(),
  rank: 1,
  quartile: 1,
  tagIds: [],
  ...over,
});

const period = { kind: 'month', from: '2025-06-01', to: '2025-06-30', granularity: 'day' } as const;

export const overview = (): Overview => ({
  period,
  plantCount: 2,
  totals: {
    produced: 3000,
    consumed: 1600,
    selfConsumed: 900,
    imported: 400,
    exported: 2100,
    selfConsumptionPct: 30,
    autarkyPct: 75,
    pvPeakKw: 29.8,
    specificYield: 100.67,
    expectedKwh: 4200,
    performanceRatioPct: 71.43,
    availabilityPct: 98.5,
    co2AvoidedKg: 1350,
  },
  money: [{ currency: 'CZK', amount: 4321, tariffPlants: 1, spotPlants: 1, unpricedKwh: 12 }],
  alerts: [{ kind: 'gatewayOffline', count: 2, hours: 5.5 }],
  trend: [{ start: Date.UTC(2025, 5, 1), produced: 100, consumed: 50, imported: 10, exported: 60, expected: 140 }],
  top: [plantFigures()],
  bottom: [plantFigures({ id: 'plant-2', name: 'Plzeň', specificYield: 80 })],
  method: { co2KgPerKwh: 0.45, spotArea: 'CZ', eurCzk: 25 },
});

export const benchmark = (): Benchmark => ({
  period,
  metric: 'specificYield',
  quartiles: { q1: 90, median: 100, q3: 110 },
  plants: [rankedPlant(), rankedPlant({ id: 'plant-2', name: 'Plzeň', rank: 2, quartile: 4, specificYield: 80 })],
});

export const plantBenchmark = (): PlantBenchmark => ({
  year: 2025,
  metric: 'specificYield',
  plant: rankedPlant({ rank: 2, quartile: 3 }),
  peerCount: 4,
  sizeClass: 'small',
  months: [{ month: '2025-06', start: Date.UTC(2025, 4, 31, 22), value: 120, p25: 100, median: 130, p75: 140, peers: 4 }],
  drags: { offlineHours: 12, availabilityPct: 99, alerts: [], exportLimitKw: 5, hoursAtExportLimit: 42, peerMedianPerformanceRatioPct: 75 },
});
