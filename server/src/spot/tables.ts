// Day-ahead electricity prices of a market area: the server's series (one row per delivery period,
// imported from its feed or demo) and each organisation's own uploaded series.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface SpotPriceTable {
  /** Market (bidding zone) code, e.g. 'CZ'. */
  area: string;
  /** Start of the delivery period, ISO-8601 UTC. */
  starts_at: string;
  /** Length of the delivery period in minutes (60, or 15 for quarter-hour products). */
  minutes: number;
  eur_mwh: number;
  /** 'import' for real market data, 'demo' for the generated series of the embedded default. */
  source: string;
  updated_at: string;
}

/** 063_tenant_spot_prices: an organisation's own uploaded prices; they override the server's series for it. */
export interface TenantSpotPriceTable {
  tenant_id: string;
  area: string;
  starts_at: string;
  minutes: number;
  eur_mwh: number;
  updated_at: string;
}

export type SpotTables = { spot_prices: SpotPriceTable; tenant_spot_prices: TenantSpotPriceTable };

// `Database` holds these tables (the module declares them): the name stays for its callers.
export type SpotDb = Kysely<Database>;

export function spotDb(db: Kysely<Database>): SpotDb {
  return db;
}
