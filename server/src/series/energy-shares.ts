// Energy owed to buckets that hold no sample of the write: the hold of a power sample that began in an
// earlier bucket (rollup.ts). Added to the stored buckets in one statement per chunk of rows, not one a share.
import { sql, type Kysely } from 'kysely';
import { rowsQuery, SQLITE_ROWS } from '../db/row-columns';
import type { Database } from '../db/schema';
import type { EnergyShare } from './rollup';

/** The energy shares of one thing. */
export interface ThingShares {
  thingName: string;
  shares: readonly EnergyShare[];
}

const SHARE_COLUMNS = {
  thing_name: 'text',
  granularity: 'text',
  metric_key: 'text',
  bucket: 'bigint',
  energy_wh: 'double precision',
} as const;

/** Adds each share's energy to its stored bucket (a bucket not stored takes none: it held no sample). */
export async function addEnergyOf(db: Kysely<Database>, things: readonly ThingShares[]): Promise<void> {
  // one row a bucket: an UPDATE … FROM applies one matching row of the shares, not their sum
  const owed = new Map<string, { thing_name: string; granularity: string; metric_key: string; bucket: number; energy_wh: number }>();
  for (const { thingName, shares } of things) {
    for (const share of shares) {
      const id = `${thingName}|${share.granularity}|${share.metricKey}|${share.bucket}`;
      const row = owed.get(id);
      if (row) row.energy_wh += share.energyWh;
      else
        owed.set(id, {
          thing_name: thingName,
          granularity: share.granularity,
          metric_key: share.metricKey,
          bucket: share.bucket,
          energy_wh: share.energyWh,
        });
    }
  }
  const rows = [...owed.values()];
  for (let i = 0; i < rows.length; i += SQLITE_ROWS) {
    await sql`
      with shares (thing_name, granularity, metric_key, bucket, energy_wh) as (${rowsQuery(db, SHARE_COLUMNS, rows.slice(i, i + SQLITE_ROWS))})
      update metric_rollups set energy_wh = metric_rollups.energy_wh + shares.energy_wh
      from shares
      where metric_rollups.thing_name = shares.thing_name and metric_rollups.granularity = shares.granularity
        and metric_rollups.metric_key = shares.metric_key and metric_rollups.bucket = shares.bucket`.execute(db);
  }
}
