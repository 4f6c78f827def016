// 011_plant_settings: what an operator sets on a plant beyond its identity (address, roof geometry,
// battery and grid limits, tariff) and a version for optimistic concurrency. Plain text and double
// precision columns, so SQLite and PostgreSQL read the same migration the same way.
import { sql, type Kysely, type Migration } from 'kysely';

const NUMBER_COLUMNS = [
  'tilt_deg',
  'azimuth_deg',
  'battery_min_soc_pct',
  'battery_max_soc_pct',
  'battery_max_charge_kw',
  'battery_max_discharge_kw',
  'grid_export_limit_kw',
  'tariff_price_per_kwh',
] as const;

export const plantSettingsMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema
      .alterTable('plants')
      .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    for (const column of NUMBER_COLUMNS) await db.schema.alterTable('plants').addColumn(column, 'double precision').execute();
    await db.schema
      .alterTable('plants')
      .addColumn('tariff_name', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('plants')
      .addColumn('tariff_currency', 'text', (c) =>
        c
          .notNull()
          .defaultTo('CZK')
          .check(sql`tariff_currency in ('CZK', 'EUR')`),
      )
      .execute();
    await db.schema
      .alterTable('plants')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('plants').addColumn('updated_at', 'text').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const column of ['updated_at', 'version', 'tariff_currency', 'tariff_name', ...NUMBER_COLUMNS, 'address']) {
      await db.schema.alterTable('plants').dropColumn(column).execute();
    }
  },
};
