// The overview of a period: the fleet's totals, money, alerts by kind, the trend over its buckets and
// the plants with the highest and lowest specific yield. Pure: the figures of each plant go in.
import {
  EXTREME_PLANTS,
  energyBalance,
  percentOf,
  type AlertTally,
  type MoneySaved,
  type PlantFigures,
  type TrendBucket,
} from '@helio/contracts';
import type { PlantPeriod } from './plant-figures';

export interface FleetTotals {
  produced: number;
  consumed: number;
  selfConsumed: number;
  imported: number;
  exported: number;
  selfConsumptionPct: number | null;
  autarkyPct: number | null;
  pvPeakKw: number;
  specificYield: number | null;
  expectedKwh: number;
  performanceRatioPct: number | null;
  availabilityPct: number | null;
  co2AvoidedKg: number;
}

export function fleetTotals(plants: readonly PlantPeriod[], co2KgPerKwh: number): FleetTotals {
  let produced = 0,
    consumed = 0,
    imported = 0,
    exported = 0,
    pvPeakKw = 0,
    expectedKwh = 0,
    producedWithExpectation = 0,
    elapsed = 0,
    offline = 0;
  // The specific yield is of the plants that reported: one without data would only drag it down.
  let reportingPeakKw = 0;
  for (const { figures, buckets, reported } of plants) {
    produced += figures.produced;
    consumed += figures.consumed;
    imported += figures.imported;
    exported += figures.exported;
    pvPeakKw += figures.pvPeakKw;
    if (reported) reportingPeakKw += figures.pvPeakKw;
    if (figures.expectedKwh > 0) {
      expectedKwh += figures.expectedKwh;
      producedWithExpectation += figures.produced;
    }
    for (const bucket of buckets) {
      elapsed += bucket.elapsedMs;
      offline += bucket.offlineMs;
    }
  }
  // Percentages of the fleet are of its sums, not means of the plants' percentages: a big plant weighs more.
  const balance = energyBalance({
    EnergyPveTotal: produced,
    EnergyLoadTotal: consumed,
    EnergyGridImportTotal: imported,
    EnergyGridExportTotal: exported,
  });
  return {
    produced,
    consumed,
    selfConsumed: plants.reduce((sum, p) => sum + p.figures.selfConsumed, 0),
    imported,
    exported,
    selfConsumptionPct: balance.selfConsumptionPct,
    autarkyPct: balance.autarkyPct,
    pvPeakKw,
    specificYield: reportingPeakKw > 0 ? produced / reportingPeakKw : null,
    expectedKwh,
    performanceRatioPct: expectedKwh > 0 ? (producedWithExpectation / expectedKwh) * 100 : null,
    availabilityPct: elapsed > 0 ? percentOf(elapsed - offline, elapsed) : null,
    co2AvoidedKg: produced * co2KgPerKwh,
  };
}

export function fleetMoney(plants: readonly PlantPeriod[]): MoneySaved[] {
  const byCurrency = new Map<string, MoneySaved>();
  for (const { money } of plants) {
    const saved = byCurrency.get(money.currency) ?? { currency: money.currency, amount: 0, tariffPlants: 0, spotPlants: 0, unpricedKwh: 0 };
    saved.amount += money.amount;
    saved.unpricedKwh += money.unpricedKwh;
    if (money.pricedBy === 'tariff') saved.tariffPlants += 1;
    else saved.spotPlants += 1;
    byCurrency.set(money.currency, saved);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

export function fleetAlerts(plants: readonly PlantPeriod[]): AlertTally[] {
  const byKind = new Map<string, AlertTally>();
  for (const tally of plants.flatMap((plant) => plant.alerts)) {
    const sum = byKind.get(tally.kind) ?? { kind: tally.kind, count: 0, hours: 0 };
    sum.count += tally.count;
    sum.hours += tally.hours;
    byKind.set(tally.kind, sum);
  }
  return [...byKind.values()].sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
}

/** The fleet's energy per bucket start (plants of one time zone share their buckets), up to now. */
export function fleetTrend(plants: readonly PlantPeriod[], now = Date.now()): TrendBucket[] {
  const byStart = new Map<number, TrendBucket>();
  for (const bucket of plants.flatMap((plant) => plant.buckets)) {
    if (bucket.start > now) continue;
    const sum = byStart.get(bucket.start) ?? { start: bucket.start, produced: 0, consumed: 0, imported: 0, exported: 0, expected: 0 };
    sum.produced += bucket.produced;
    sum.consumed += bucket.consumed;
    sum.imported += bucket.imported;
    sum.exported += bucket.exported;
    sum.expected += bucket.expected;
    byStart.set(bucket.start, sum);
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

/** The plants with the highest and the lowest specific yield (plants without one are left out). */
export function extremePlants(plants: readonly PlantPeriod[], count = EXTREME_PLANTS): { top: PlantFigures[]; bottom: PlantFigures[] } {
  const ranked = plants
    .map((p) => p.figures)
    .filter((f) => f.specificYield !== null)
    .sort((a, b) => (b.specificYield ?? 0) - (a.specificYield ?? 0));
  return { top: ranked.slice(0, count), bottom: ranked.slice(-count).reverse() };
}
