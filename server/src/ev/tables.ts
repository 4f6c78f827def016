// Settled EV charging sessions (Kysely types): sessions that ended long enough ago that no late report
// can change them are kept, so a year answers from a few hundred rows and outlives the raw samples'
// retention. `ev_session_marks` says up to when a plant's sessions are kept; after it they are derived
// from the samples on each call.
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../db/schema';

export interface EvSessionTable {
  plant_id: string;
  /** Epoch ms */
  start: number;
  /** Epoch ms */
  end: number;
  energy_kwh: number;
  solar_kwh: number;
  solar_share_pct: number;
  cost_czk: number | null;
  avg_price_czk_kwh: number | null;
  price_source: 'tariff' | 'spot' | null;
}

export interface EvSessionMarkTable {
  plant_id: string;
  /** Epoch ms: every session starting before it is in ev_sessions. */
  settled_until: number;
}

export type EvTables = { ev_sessions: EvSessionTable; ev_session_marks: EvSessionMarkTable };
export type EvDb = Kysely<Database & EvTables>;

export const evDb = (db: Kysely<Database>): EvDb => db.withTables<EvTables>();

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
