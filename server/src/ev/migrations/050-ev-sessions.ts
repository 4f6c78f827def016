// ev_sessions and ev_session_marks: the settled EV charging sessions (tables.ts says what they hold).
import type { Kysely, Migration } from 'kysely';

export const evSessionsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('ev_sessions')
      .addColumn('plant_id', 'text', (c) => c.notNull().references('plants.id').onDelete('cascade'))
      .addColumn('start', 'bigint', (c) => c.notNull())
      .addColumn('end', 'bigint', (c) => c.notNull())
      .addColumn('energy_kwh', 'double precision', (c) => c.notNull())
      .addColumn('solar_kwh', 'double precision', (c) => c.notNull())
      .addColumn('solar_share_pct', 'double precision', (c) => c.notNull())
      .addColumn('cost_czk', 'double precision')
      .addColumn('avg_price_czk_kwh', 'double precision')
      .addColumn('price_source', 'text')
      .addPrimaryKeyConstraint('ev_sessions_pk', ['plant_id', 'start'])
      .execute();
    await db.schema
      .createTable('ev_session_marks')
      .addColumn('plant_id', 'text', (c) => c.primaryKey().references('plants.id').onDelete('cascade'))
      .addColumn('settled_until', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('ev_session_marks').execute();
    await db.schema.dropTable('ev_sessions').execute();
  },
};
