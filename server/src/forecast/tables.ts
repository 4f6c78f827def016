// Forecasts as issued (Kysely types): one row per plant and issue hour, never rewritten, so the
// accuracy shown later is what the user really had at the time.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface ForecastTable {
  plant_id: string;
  /** Epoch ms of the hour the forecast was issued for (its first step). One forecast per plant and hour. */
  slot: number;
  /** ISO-8601 UTC: when it was computed. */
  issued_at: string;
  /** 'weather' or 'offline'. */
  source: string;
  /** 'down', 'slow', 'malformed' when a configured weather service failed; else null. */
  weather_failure: string | null;
  /** 'errors' or 'history': where the p10/p90 bands came from. */
  bands_from: string;
  performance_factor: number;
  /** 1: rebuilt afterwards from the plant's history for a day before the first real issue (demo, new installs); 0: issued at the time. */
  reconstructed: number;
  /** JSON text, ForecastSeries: one array per quantity, W, one value per 15-minute step from `slot`. */
  series: string;
}

export type ForecastTables = { forecasts: ForecastTable };
// `Database` holds these tables (the module declares them): the name stays for its callers.
export type ForecastDb = Kysely<Database>;
export const forecastDb = (db: Kysely<Database>): ForecastDb => db;
