// What forecast/get answers: the latest forecast's steps, tomorrow's energy and the best hours,
// combined with the spot prices when the spot module has them.
import type { Kysely } from 'kysely';
import { FORECAST_BEST_HOURS, FORECAST_STEP_MINUTES, type PlantForecast } from '@helio/contracts';
import type { Database } from '../db/schema';
import type { PlantRow } from '../plants/access';
import { calendarOf } from '../series/calendar';
import type { SpotConfig } from '../spot/spot-config';
import { czkPerKwh } from '../spot/routes';
import { ensureDemoDay, localDate, pricesBetween } from '../spot/spot-store';
import { spotDb } from '../spot/tables';
import { latestForecast, type ForecastStep } from './latest';
import { bestHours, hourEnd, type HourOutlook } from './model/best-hours';
import { HOUR_MS, STEP_MS, STEPS_PER_HOUR } from './model/series';

const iso = (ts: number) => new Date(ts).toISOString();
const kwh = (watts: number) => (watts * (STEP_MS / HOUR_MS)) / 1000;
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

function tomorrowOf(plant: PlantRow, steps: readonly ForecastStep[], now: number): PlantForecast['tomorrow'] {
  const calendar = calendarOf(plant.timezone);
  const start = calendar.nextBucket('day', calendar.bucketStart('day', now));
  const end = calendar.nextBucket('day', start);
  const inDay = steps.filter((s) => s.start >= start && s.start < end);
  if (inDay.length < ((end - start) / STEP_MS) * 0.9) return null;
  const sum = (pick: (s: ForecastStep) => number) =>
    round(
      inDay.reduce((total, s) => total + kwh(pick(s)), 0),
      2,
    );
  return {
    date: localDate(plant.timezone, start),
    pvKwh: sum((s) => s.pvW),
    loadKwh: sum((s) => s.loadW),
    surplusKwh: sum((s) => s.surplusW),
  };
}

async function hourOutlook(
  db: Kysely<Database>,
  spot: SpotConfig,
  tenantId: string,
  steps: readonly ForecastStep[],
  now: number,
): Promise<HourOutlook[]> {
  const from = now - (now % HOUR_MS) + HOUR_MS;
  const to = from + 24 * HOUR_MS;
  const prices = new Map<number, number>();
  const sdb = spotDb(db);
  if (spot.demo) {
    // As the spot page does: days without imported prices get the labelled demo curve.
    const calendar = calendarOf(spot.timeZone);
    for (let day = calendar.bucketStart('day', from); day < to; day = calendar.nextBucket('day', day))
      await ensureDemoDay(sdb, spot.area, spot.timeZone, day);
  }
  for (const price of await pricesBetween(sdb, { area: spot.area, tenantId }, from - HOUR_MS, to)) {
    // Quarter-hour products: the hour's price is the mean of its quarters.
    for (let t = price.start; t < price.start + price.minutes * 60_000; t += STEP_MS) prices.set(t, czkPerKwh(price.eurMwh, spot.eurCzk));
  }
  const hours: HourOutlook[] = [];
  for (let start = from; start < to; start += HOUR_MS) {
    const inHour = steps.filter((s) => s.start >= start && s.start < start + HOUR_MS);
    if (inHour.length < STEPS_PER_HOUR) continue;
    const quarterPrices = inHour.map((s) => prices.get(s.start)).filter((p): p is number => p !== undefined);
    hours.push({
      start,
      surplusW: inHour.reduce((sum, s) => sum + s.surplusW, 0) / inHour.length,
      priceCzkKwh: quarterPrices.length === STEPS_PER_HOUR ? round(quarterPrices.reduce((a, b) => a + b, 0) / STEPS_PER_HOUR, 3) : null,
    });
  }
  return hours;
}

export async function forecastView(db: Kysely<Database>, spot: SpotConfig, plant: PlantRow, now = Date.now()): Promise<PlantForecast> {
  const base = { plantId: plant.id, peakKw: plant.pv_peak_kw, timeZone: plant.timezone, stepMinutes: FORECAST_STEP_MINUTES };
  const latest = await latestForecast(db, plant.id);
  if (!latest) {
    return {
      ...base,
      issuedAt: null,
      source: null,
      weatherFailure: null,
      bandsFrom: null,
      performanceFactor: null,
      points: [],
      tomorrow: null,
      bestHours: [],
    };
  }
  const picks = bestHours(await hourOutlook(db, spot, plant.tenant_id, latest.steps, now), FORECAST_BEST_HOURS);
  return {
    ...base,
    issuedAt: latest.issuedAt,
    source: latest.source,
    weatherFailure: latest.weatherFailure,
    bandsFrom: latest.bandsFrom,
    performanceFactor: round(latest.performanceFactor, 3),
    points: latest.steps.map(({ start, ...powers }) => ({ time: iso(start), ...powers })),
    tomorrow: tomorrowOf(plant, latest.steps, now),
    bestHours: picks.map((p) => ({
      start: iso(p.start),
      end: iso(hourEnd(p.start)),
      reason: p.reason,
      surplusKwh: round(p.surplusW / 1000, 2),
      priceCzkKwh: p.priceCzkKwh,
    })),
  };
}
