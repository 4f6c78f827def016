// The forecasts table (forecast/tables.ts has its row type): one row per plant and issue hour.
import type { Kysely, Migration } from 'kysely';

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
