// Settled EV charging sessions (Kysely types): sessions that ended long enough ago that no late report
// can change them are kept, so a year answers from a few hundred rows and outlives the raw samples'
// retention. `ev_session_marks` says up to when a plant's sessions are kept; after it they are derived
// from the samples on each call.
import type { Kysely } from 'kysely';
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
// `Database` holds these tables (the module declares them): the name stays for its callers.
export type EvDb = Kysely<Database>;

export const evDb = (db: Kysely<Database>): EvDb => db;
