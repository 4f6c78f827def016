// Issuing: every plant's forecast for the current hour, stored as issued. A plant without any
// forecast first gets the day-before forecasts of its last days reconstructed from its history
// (marked as reconstructed), so accuracy has something to show from the first day.
import type { Kysely } from 'kysely';
import type { WeatherFailure } from '@helio/contracts';
import type { Database } from '../db/schema';
import { calendarOf } from '../series/calendar';
import { siteOf } from '../solar/site-irradiance';
import type { ForecastConfig } from './forecast-config';
import { forecastPlant, type WeatherHours } from './model/forecast-plant';
import { DAY_MS, HOUR_MS } from './model/series';
import { LOAD_LOOKBACK_DAYS } from './model/load-model';
import { hasForecasts, insertForecast, pruneForecasts, readHistory, storedAt } from './store';
import { weatherReader, type WeatherRead } from './weather/weather-source';

/** Earlier forecasts whose errors set the bands: those issued 1…7 days before, at the same hour. */
const BAND_DAYS = 7;

export interface IssueLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface IssueSummary {
  slot: number;
  plants: number;
  issued: number;
  reconstructed: number;
  weather: number;
  weatherFailure: WeatherFailure | null;
  pruned: number;
}

export interface IssueOptions {
  db: Kysely<Database>;
  config: ForecastConfig;
  log: IssueLog;
  now?: number;
  /** Only these plants (default: every plant). */
  plantIds?: readonly string[];
}

type PlantRow = Awaited<ReturnType<typeof plantsToForecast>>[number];

function plantsToForecast(db: Kysely<Database>, plantIds?: readonly string[]) {
  let query = db
    .selectFrom('plants')
    .select(['id', 'thing_name', 'latitude', 'longitude', 'tilt_deg', 'azimuth_deg', 'pv_peak_kw', 'timezone']);
  if (plantIds) query = query.where('id', 'in', plantIds.length > 0 ? [...plantIds] : ['']);
  return query.execute();
}

async function issuePlant(
  db: Kysely<Database>,
  plant: PlantRow,
  slot: number,
  now: number,
  weather: WeatherRead | undefined,
  backfillDays: number,
) {
  const clock = calendarOf(plant.timezone);
  const site = siteOf(plant);
  const peakW = plant.pv_peak_kw * 1000;
  const reconstruct = backfillDays > 0 && !(await hasForecasts(db, plant.id));
  // Reconstructing the past days needs the weeks before the oldest of them too.
  const lookback = (LOAD_LOOKBACK_DAYS + (reconstruct ? backfillDays + 1 : 0)) * DAY_MS;
  const history = await readHistory(db, plant.thing_name, slot - lookback, slot);
  let reconstructed = 0;
  if (reconstruct && history.pv.size > 0) {
    const today = clock.bucketStart('day', slot);
    for (let day = today - backfillDays * DAY_MS; day < today; day += DAY_MS) {
      const dayStart = clock.bucketStart('day', day + 12 * HOUR_MS);
      const past = forecastPlant({ site, peakW, clock, history, slot: dayStart - HOUR_MS });
      const stored = await insertForecast(db, {
        plantId: plant.id,
        slot: dayStart - HOUR_MS,
        issuedAt: new Date(now).toISOString(),
        source: 'offline',
        weatherFailure: null,
        bandsFrom: past.bandsFrom,
        performanceFactor: past.performanceFactor,
        reconstructed: true,
        series: past.series,
      });
      if (stored) reconstructed++;
    }
  }
  const past = await storedAt(
    db,
    plant.id,
    Array.from({ length: BAND_DAYS }, (_, k) => slot - (k + 1) * DAY_MS),
  );
  const weatherHours: WeatherHours | undefined = weather?.ok ? weather.hours : undefined;
  const result = forecastPlant({ site, peakW, clock, history, slot, weather: weatherHours, past });
  const issued = await insertForecast(db, {
    plantId: plant.id,
    slot,
    issuedAt: new Date(now).toISOString(),
    source: result.source,
    weatherFailure: weather && !weather.ok ? weather.failure : null,
    bandsFrom: result.bandsFrom,
    performanceFactor: result.performanceFactor,
    reconstructed: false,
    series: result.series,
  });
  return { issued, reconstructed, weather: issued && result.source === 'weather' };
}

/** Issues the forecasts of the hour `now` falls in; a plant that already has one for the hour is left alone. */
export async function issueForecasts(options: IssueOptions): Promise<IssueSummary> {
  const { db, config, log } = options;
  const now = options.now ?? Date.now();
  const slot = now - (now % HOUR_MS);
  const plants = await plantsToForecast(db, options.plantIds);
  const readWeather = config.weatherUrl ? weatherReader(config.weatherUrl, config.weatherTimeoutMs) : undefined;
  const summary: IssueSummary = { slot, plants: plants.length, issued: 0, reconstructed: 0, weather: 0, weatherFailure: null, pruned: 0 };
  let failureLine: string | undefined;
  for (const plant of plants) {
    const weather = readWeather ? await readWeather(plant.latitude, plant.longitude) : undefined;
    if (weather && !weather.ok && !failureLine) {
      summary.weatherFailure = weather.failure;
      failureLine = `forecast: weather service ${weather.failure} (${weather.reason}); offline forecasts issued instead`;
    }
    try {
      const outcome = await issuePlant(db, plant, slot, now, weather, config.backfillDays);
      if (outcome.issued) summary.issued++;
      if (outcome.weather) summary.weather++;
      summary.reconstructed += outcome.reconstructed;
    } catch (error) {
      log.error(`forecast: issuing for plant ${plant.id} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // One line per run, however many plants the failing service was asked for.
  if (failureLine) log.warn(failureLine);
  summary.pruned = await pruneForecasts(db, slot - config.retentionDays * DAY_MS);
  return summary;
}
