// Spot prices: one row per area and delivery period start, so a re-import replaces, never doubles.
import type { Kysely, Migration } from 'kysely';

export const spotMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('spot_prices')
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'text', (c) => c.notNull())
      .addColumn('minutes', 'integer', (c) => c.notNull())
      .addColumn('eur_mwh', 'double precision', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('spot_prices_pk', ['area', 'starts_at'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('spot_prices').execute();
  },
};
