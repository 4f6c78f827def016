// One plant's figures over a period, from its counter buckets, its alerts and the prices. A
// counter's energy in a bucket is its last reading minus the last reading of the bucket before (the
// statistics page's rule, so the two pages agree); the first bucket with nothing before it falls
// back to max - min.
import { energyBalance, percentOf, sizeClassOf, type AlertTally, type EnergyCounter, type PlantFigures } from '@helio/contracts';
import { expectedYieldKwh } from './expected-yield';
import type { AlertSpan, CounterRow, FleetPlant } from './fleet-query';
import type { ZoneBounds } from './period';
import type { SpotIndex } from './spot-index';

export interface PlantBucket {
  start: number;
  end: number;
  produced: number;
  consumed: number;
  imported: number;
  exported: number;
  selfConsumed: number;
  expected: number;
  /** Time of the bucket the plant existed or reported in, up to now, and of it offline. */
  elapsedMs: number;
  offlineMs: number;
}

export interface PlantMoney {
  currency: string;
  amount: number;
  unpricedKwh: number;
  pricedBy: 'tariff' | 'spot';
}

export interface PlantPeriod {
  plant: FleetPlant;
  figures: PlantFigures;
  buckets: PlantBucket[];
  alerts: AlertTally[];
  money: PlantMoney;
  /** Whether the plant reported any reading in the period: one without data is no peer and no part of a fleet's yield. */
  reported: boolean;
}

export interface FigureContext {
  now: number;
  spot: SpotIndex;
  eurCzk: number;
  /** When the plant first reported in the period, where its buckets are coarser than that (months). */
  firstReadingAt?: number;
}

const OFFLINE_KIND = 'gatewayOffline';
const HOUR_MS = 3_600_000;

const overlap = (a: number, b: number, c: number, d: number) => Math.max(0, Math.min(b, d) - Math.max(a, c));

/** Energy per counter per bucket index, and the index of the first bucket with a production reading. */
function bucketEnergies(rows: readonly CounterRow[], bounds: ZoneBounds) {
  const index = new Map(bounds.buckets.map((start, i) => [start, i]));
  const energies = bounds.buckets.map((): Partial<Record<EnergyCounter, number>> => ({}));
  let firstReading: number | null = null;
  let anyReading = false;
  let key = '';
  let base: number | undefined;
  for (const row of rows) {
    if (row.metric_key !== key) {
      key = row.metric_key;
      base = undefined;
    }
    const previous = base;
    base = row.last_value;
    const i = index.get(row.bucket);
    if (i === undefined) continue; // the bucket before the period only gives the base
    anyReading = true;
    const energy = Math.max(0, previous === undefined ? row.value_max - row.value_min : row.last_value - previous);
    const bucket = energies[i] as Partial<Record<EnergyCounter, number>>;
    bucket[key as EnergyCounter] = Number.isFinite(energy) ? energy : 0;
    if (key === 'EnergyPveTotal' && (firstReading === null || i < firstReading)) firstReading = i;
  }
  return { energies, firstReading, anyReading };
}

function alertTallies(spans: readonly AlertSpan[], from: number, to: number): AlertTally[] {
  const byKind = new Map<string, AlertTally>();
  for (const span of spans) {
    const tally = byKind.get(span.kind) ?? { kind: span.kind, count: 0, hours: 0 };
    tally.count += 1;
    tally.hours += overlap(Date.parse(span.started_at), span.ended_at ? Date.parse(span.ended_at) : to, from, to) / HOUR_MS;
    byKind.set(span.kind, tally);
  }
  return [...byKind.values()];
}

export function plantPeriod(
  plant: FleetPlant,
  rows: readonly CounterRow[],
  spans: readonly AlertSpan[],
  bounds: ZoneBounds,
  ctx: FigureContext,
): PlantPeriod {
  const { energies, firstReading, anyReading } = bucketEnergies(rows, bounds);
  const offline = spans
    .filter((span) => span.kind === OFFLINE_KIND)
    .map((span) => [Date.parse(span.started_at), span.ended_at ? Date.parse(span.ended_at) : ctx.now] as const);
  const firstBucket = firstReading === null ? Infinity : (bounds.buckets[firstReading] ?? Infinity);
  // The caller's finer first reading counts only within that bucket (day roll-ups may be missing).
  const finer =
    ctx.firstReadingAt !== undefined &&
    ctx.firstReadingAt >= firstBucket &&
    ctx.firstReadingAt < (bounds.buckets[(firstReading ?? 0) + 1] ?? bounds.end);
  const firstReadingAt = finer ? (ctx.firstReadingAt as number) : firstBucket;
  const existsFrom = Math.min(plant.createdAt, firstReadingAt);
  const money: PlantMoney =
    plant.tariffPerKwh === null
      ? { currency: 'CZK', amount: 0, unpricedKwh: 0, pricedBy: 'spot' }
      : { currency: plant.tariffCurrency, amount: 0, unpricedKwh: 0, pricedBy: 'tariff' };
  const buckets = bounds.buckets.map((start, i): PlantBucket => {
    const end = bounds.buckets[i + 1] ?? bounds.end;
    const balance = energyBalance(energies[i] ?? {});
    const elapsedMs = overlap(start, end, existsFrom, ctx.now);
    // A plant that never reported in the period was offline all of it.
    const offlineMs = anyReading
      ? Math.min(
          elapsedMs,
          offline.reduce((sum, [a, b]) => sum + overlap(a, b, Math.max(start, existsFrom), Math.min(end, ctx.now)), 0),
        )
      : elapsedMs;
    const expected =
      firstReading !== null && i >= firstReading
        ? expectedYieldKwh(plant, plant.pvPeakKw, Math.max(start, firstReadingAt), Math.min(end, ctx.now))
        : 0;
    const valued = balance.selfConsumed + balance.exported;
    if (plant.tariffPerKwh !== null) money.amount += valued * plant.tariffPerKwh;
    else if (valued > 0) {
      const eurMwh = ctx.spot.meanEurMwh(start, end);
      if (eurMwh === null) money.unpricedKwh += valued;
      else money.amount += (valued * eurMwh * ctx.eurCzk) / 1000;
    }
    const { produced, consumed, imported, exported, selfConsumed } = balance;
    return { start, end, produced, consumed, imported, exported, selfConsumed, expected, elapsedMs, offlineMs };
  });
  const sum = (pick: (bucket: PlantBucket) => number) => buckets.reduce((total, bucket) => total + pick(bucket), 0);
  const produced = sum((b) => b.produced);
  const expectedKwh = sum((b) => b.expected);
  const elapsed = sum((b) => b.elapsedMs);
  const offlineMs = sum((b) => b.offlineMs);
  const alerts = alertTallies(spans, bounds.start, Math.min(bounds.end, ctx.now));
  const figures: PlantFigures = {
    id: plant.id,
    name: plant.name,
    pvPeakKw: plant.pvPeakKw,
    sizeClass: sizeClassOf(plant.pvPeakKw),
    produced,
    consumed: sum((b) => b.consumed),
    selfConsumed: sum((b) => b.selfConsumed),
    imported: sum((b) => b.imported),
    exported: sum((b) => b.exported),
    specificYield: plant.pvPeakKw > 0 ? produced / plant.pvPeakKw : null,
    expectedKwh,
    performanceRatioPct: expectedKwh > 0 ? (produced / expectedKwh) * 100 : null,
    availabilityPct: elapsed > 0 ? percentOf(elapsed - offlineMs, elapsed) : null,
    offlineHours: offlineMs / HOUR_MS,
    alertCount: alerts.reduce((total, tally) => total + tally.count, 0),
  };
  return { plant, figures, buckets, alerts, money, reported: anyReading };
}
