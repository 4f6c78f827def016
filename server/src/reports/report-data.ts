// The figures of one month's report, for one plant, one tag's plants or every plant the caller may
// see: the analytics computations themselves (fleetPeriod, fleetTotals, fleetAlerts, fleetTrend over
// the day roll-ups, analytics/*), so the PDF shows what /analytics shows for the same plants and month.
// Added here: the same month a year before, the day-ahead forecasts the plants had (forecast/*), the
// export and import valued at the spot price of each day, and the best and worst days.
import type { AlertTally } from '@helio/contracts';
import type { Kysely } from 'kysely';
import { fleetPeriod, type FleetSource } from '../analytics/fleet-period';
import { readSpotPrices, type FleetScope } from '../analytics/fleet-query';
import { fleetAlerts, fleetTotals, fleetTrend, type FleetTotals } from '../analytics/fleet-summary';
import { resolvePeriod } from '../analytics/period';
import type { PlantPeriod } from '../analytics/plant-figures';
import { SpotIndex } from '../analytics/spot-index';
import type { Database } from '../db/schema';
import { lastIssuedBetween } from '../forecast/store';
import { forecastDb } from '../forecast/tables';
import { localDate } from '../spot/spot-store';

const DAY_MS = 86_400_000;
const STEP_HOURS = 0.25; // a forecast series has one value (W) per 15 minutes

export interface ReportDay {
  /** yyyy-mm-dd on the plants' calendar. */
  date: string;
  produced: number;
  consumed: number;
  imported: number;
  exported: number;
  /** Clear-sky expectation (analytics' expectedKwh). */
  expected: number;
}

export interface MonthReport {
  /** yyyy-mm */
  month: string;
  kind: 'plant' | 'tag' | 'fleet';
  /** The plant's or the tag's name; null for every plant of the caller. */
  name: string | null;
  timeZone: string;
  plantCount: number;
  totals: FleetTotals;
  /** The same month a year before; null when the plants reported nothing then. */
  lastYear: Pick<FleetTotals, 'produced' | 'consumed' | 'selfConsumed' | 'imported' | 'exported'> | null;
  /** The day-ahead PV forecasts of the days that had one, against what was produced on those days. */
  forecast: { forecastKwh: number; actualKwh: number; days: number } | null;
  /** Export and import valued at each day's mean spot price (CZK), and energy without a price. */
  spot: { exportValue: number; importCost: number; currency: 'CZK'; unpricedKwh: number };
  days: ReportDay[];
  best: ReportDay | null;
  worst: ReportDay | null;
  alerts: AlertTally[];
}

export interface ReportScope {
  kind: MonthReport['kind'];
  name: string | null;
  fleet: FleetScope;
}

const monthStartIso = (month: string) => `${month}-01`;
export const previousYearMonth = (month: string) => `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;

/** Export and import of every plant's day buckets at that day's mean spot price (CZK/kWh = EUR/MWh × rate / 1000). */
function spotValues(plants: readonly PlantPeriod[], spot: SpotIndex, eurCzk: number): MonthReport['spot'] {
  let exportValue = 0;
  let importCost = 0;
  let unpricedKwh = 0;
  for (const { buckets } of plants)
    for (const bucket of buckets) {
      if (bucket.exported + bucket.imported === 0) continue;
      const eurMwh = spot.meanEurMwh(bucket.start, bucket.end);
      if (eurMwh === null) unpricedKwh += bucket.exported + bucket.imported;
      else {
        exportValue += (bucket.exported * eurMwh * eurCzk) / 1000;
        importCost += (bucket.imported * eurMwh * eurCzk) / 1000;
      }
    }
  return { exportValue, importCost, currency: 'CZK', unpricedKwh };
}

/** PV energy (kWh) a forecast gave for [from, to). */
function forecastKwh(slot: number, pv: readonly number[], from: number, to: number): number {
  let wh = 0;
  pv.forEach((w, i) => {
    const at = slot + i * STEP_HOURS * 3_600_000;
    if (at >= from && at < to) wh += w * STEP_HOURS;
  });
  return wh / 1000;
}

/**
 * Each day's last forecast issued in the 24 hours before it began (what forecast/accuracy scores),
 * summed over the days that had one, beside what the plants produced on exactly those days.
 */
async function monthForecast(db: Kysely<Database>, plants: readonly PlantPeriod[]): Promise<MonthReport['forecast']> {
  if (plants.length === 0) return null;
  const from = Math.min(...plants.map((p) => p.buckets[0]?.start ?? Infinity)) - DAY_MS;
  const to = Math.max(...plants.map((p) => p.buckets.at(-1)?.end ?? -Infinity));
  const withForecasts = await forecastDb(db)
    .selectFrom('forecasts')
    .select('plant_id')
    .distinct()
    .where(
      'plant_id',
      'in',
      plants.map((p) => p.plant.id),
    )
    .where('slot', '>=', from)
    .where('slot', '<', to)
    .execute();
  const ids = new Set(withForecasts.map((row) => row.plant_id));
  let forecast = 0;
  let actual = 0;
  let days = 0;
  for (const { plant, buckets } of plants) {
    if (!ids.has(plant.id)) continue;
    for (const bucket of buckets) {
      const issued = await lastIssuedBetween(db, plant.id, bucket.start - DAY_MS, bucket.start);
      if (!issued) continue;
      forecast += forecastKwh(issued.slot, issued.series.pv, bucket.start, bucket.end);
      actual += bucket.produced;
      days += 1;
    }
  }
  return days === 0 ? null : { forecastKwh: forecast, actualKwh: actual, days };
}

export async function monthReport(fleet: FleetSource, scope: ReportScope, month: string, now = Date.now()): Promise<MonthReport> {
  const { db, config } = fleet;
  const period = resolvePeriod({ kind: 'month', from: monthStartIso(month) });
  const plants = await fleetPeriod(fleet, scope.fleet, period, now);
  const before = await fleetPeriod(
    fleet,
    scope.fleet,
    resolvePeriod({ kind: 'month', from: monthStartIso(previousYearMonth(month)) }),
    now,
  );
  const timeZone = plants[0]?.plant.timezone ?? 'Europe/Prague';
  const start = Math.min(...plants.map((p) => p.buckets[0]?.start ?? Infinity));
  const end = Math.max(...plants.map((p) => p.buckets.at(-1)?.end ?? -Infinity));
  const prices = plants.length > 0 ? await readSpotPrices(db, scope.fleet, config.spotArea, start, end) : [];
  const totals = fleetTotals(plants, config.co2KgPerKwh);
  const lastYearTotals = fleetTotals(before, config.co2KgPerKwh);
  const days: ReportDay[] = fleetTrend(plants, now).map((bucket) => ({
    date: localDate(timeZone, bucket.start),
    produced: bucket.produced,
    consumed: bucket.consumed,
    imported: bucket.imported,
    exported: bucket.exported,
    expected: bucket.expected,
  }));
  const ranked = [...days].sort((a, b) => b.produced - a.produced);
  return {
    month,
    kind: scope.kind,
    name: scope.name,
    timeZone,
    plantCount: plants.length,
    totals,
    lastYear: lastYearTotals.produced + lastYearTotals.consumed > 0 ? lastYearTotals : null,
    forecast: await monthForecast(db, plants),
    spot: spotValues(plants, new SpotIndex(prices), config.eurCzk),
    days,
    best: ranked[0] ?? null,
    worst: ranked.at(-1) ?? null,
    alerts: fleetAlerts(plants),
  };
}
