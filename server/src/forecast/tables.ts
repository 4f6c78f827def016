// Forecasts as issued (Kysely types): one row per plant and issue hour, never rewritten, so the
// accuracy shown later is what the user really had at the time.
import type { Kysely, Migration } from 'kysely';
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
export type ForecastDb = Kysely<Database & ForecastTables>;
export const forecastDb = (db: Kysely<Database>): ForecastDb => db.withTables<ForecastTables>();

export const forecastsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // The primary key makes a second issue for the same plant and hour a no-op (several replicas) and
    // serves every read: the latest of a plant, the last before a day, the range for the error bands.
    await db.schema
      .createTable('forecasts')
      .addColumn('plant_id', 'text', (c) => c.notNull().references('plants.id').onDelete('cascade'))
      .addColumn('slot', 'bigint', (c) => c.notNull())
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('weather_failure', 'text')
      .addColumn('bands_from', 'text', (c) => c.notNull())
      .addColumn('performance_factor', 'double precision', (c) => c.notNull())
      .addColumn('reconstructed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('series', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('forecasts_pk', ['plant_id', 'slot'])
      .execute();
    await db.schema.createIndex('forecasts_slot').on('forecasts').column('slot').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('forecasts').execute();
  },
};
