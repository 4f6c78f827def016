// Reading the history a forecast learns from and writing and reading issued forecasts.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ForecastSeries, PlantHistory } from './model/series';
import { forecastDb, type ForecastTable } from './tables';

export const PV_METRIC = 'ActPwrPve';
export const LOAD_METRIC = 'ActPwrLoad';

/** Hourly mean PV and load power of a thing in [from, to), from the hour roll-ups. */
export async function readHistory(db: Kysely<Database>, thingName: string, from: number, to: number): Promise<PlantHistory> {
  const rows = await db
    .selectFrom('metric_rollups')
    .select(['metric_key', 'bucket', 'value_sum', 'sample_count'])
    .where('thing_name', '=', thingName)
    .where('granularity', '=', 'hour')
    .where('metric_key', 'in', [PV_METRIC, LOAD_METRIC])
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .execute();
  const history: PlantHistory = { pv: new Map(), load: new Map() };
  for (const row of rows) {
    if (row.sample_count <= 0) continue;
    (row.metric_key === PV_METRIC ? history.pv : history.load).set(Number(row.bucket), row.value_sum / row.sample_count);
  }
  return history;
}

export interface StoredForecast {
  plantId: string;
  slot: number;
  issuedAt: string;
  source: 'weather' | 'offline';
  weatherFailure: 'down' | 'slow' | 'malformed' | null;
  bandsFrom: 'errors' | 'history';
  performanceFactor: number;
  reconstructed: boolean;
  series: ForecastSeries;
}

function fromRow(row: ForecastTable): StoredForecast {
  return {
    plantId: row.plant_id,
    slot: Number(row.slot),
    issuedAt: row.issued_at,
    source: row.source === 'weather' ? 'weather' : 'offline',
    weatherFailure:
      row.weather_failure === 'down' || row.weather_failure === 'slow' || row.weather_failure === 'malformed' ? row.weather_failure : null,
    bandsFrom: row.bands_from === 'errors' ? 'errors' : 'history',
    performanceFactor: row.performance_factor,
    reconstructed: Number(row.reconstructed) === 1,
    series: JSON.parse(row.series) as ForecastSeries,
  };
}

/** Stores a forecast unless one exists for the plant and slot already; true when this one was stored. */
export async function insertForecast(db: Kysely<Database>, forecast: StoredForecast): Promise<boolean> {
  const result = await forecastDb(db)
    .insertInto('forecasts')
    .values({
      plant_id: forecast.plantId,
      slot: forecast.slot,
      issued_at: forecast.issuedAt,
      source: forecast.source,
      weather_failure: forecast.weatherFailure,
      bands_from: forecast.bandsFrom,
      performance_factor: forecast.performanceFactor,
      reconstructed: forecast.reconstructed ? 1 : 0,
      series: JSON.stringify(forecast.series),
    })
    .onConflict((oc) => oc.columns(['plant_id', 'slot']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The plant's most recent forecast issued at or before `atOrBefore` (default: any). */
export async function latestStored(db: Kysely<Database>, plantId: string, atOrBefore?: number): Promise<StoredForecast | undefined> {
  let query = forecastDb(db).selectFrom('forecasts').selectAll().where('plant_id', '=', plantId);
  if (atOrBefore !== undefined) query = query.where('slot', '<=', atOrBefore);
  const row = await query.orderBy('slot', 'desc').limit(1).executeTakeFirst();
  return row && fromRow(row);
}

/** The last forecast issued in [from, before); the one a user had when `before` began. */
export async function lastIssuedBetween(
  db: Kysely<Database>,
  plantId: string,
  from: number,
  before: number,
): Promise<StoredForecast | undefined> {
  const row = await forecastDb(db)
    .selectFrom('forecasts')
    .selectAll()
    .where('plant_id', '=', plantId)
    .where('slot', '>=', from)
    .where('slot', '<', before)
    .orderBy('slot', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && fromRow(row);
}

/** The plant's forecasts issued at exactly these slots. */
export async function storedAt(db: Kysely<Database>, plantId: string, slots: readonly number[]): Promise<StoredForecast[]> {
  if (slots.length === 0) return [];
  const rows = await forecastDb(db)
    .selectFrom('forecasts')
    .selectAll()
    .where('plant_id', '=', plantId)
    .where('slot', 'in', [...slots])
    .execute();
  return rows.map(fromRow);
}

export async function hasForecasts(db: Kysely<Database>, plantId: string): Promise<boolean> {
  return (
    (await forecastDb(db).selectFrom('forecasts').select('slot').where('plant_id', '=', plantId).limit(1).executeTakeFirst()) !== undefined
  );
}

/** Deletes forecasts issued before `cutoff`; the number deleted. */
export async function pruneForecasts(db: Kysely<Database>, cutoff: number): Promise<number> {
  const result = await forecastDb(db).deleteFrom('forecasts').where('slot', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
