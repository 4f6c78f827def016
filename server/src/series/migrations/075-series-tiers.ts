// Retention tiers an operator sets (issue 38, phase 2): how many days each tier of the time series is
// kept (raw, 1 min, 15 min, 1 h, 1 day), the sizes the retention job last measured, and the 1- and
// 15-minute buckets kept once their raw samples are gone. A tier without a row keeps the server's
// configured default. Frozen: no import of live code.
import { type Kysely, type Migration } from 'kysely';

export const seriesTiersMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('series_tiers')
      .addColumn('tier', 'text', (c) => c.primaryKey())
      .addColumn('retention_days', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();
    await db.schema
      .createTable('series_tier_sizes')
      .addColumn('tier', 'text', (c) => c.primaryKey())
      .addColumn('row_count', 'bigint', (c) => c.notNull())
      .addColumn('bytes', 'bigint')
      .addColumn('oldest', 'bigint')
      .addColumn('newest', 'bigint')
      .addColumn('measured_at', 'bigint', (c) => c.notNull())
      .execute();
    // As metric_rollups' columns; written only by compaction, read by 1m and 15m series older than the raw tier.
    await db.schema
      .createTable('metric_fine_rollups')
      .addColumn('thing_name', 'text', (c) => c.notNull())
      .addColumn('granularity', 'text', (c) => c.notNull())
      .addColumn('metric_key', 'text', (c) => c.notNull())
      .addColumn('bucket', 'bigint', (c) => c.notNull())
      .addColumn('sample_count', 'integer', (c) => c.notNull())
      .addColumn('value_sum', 'double precision', (c) => c.notNull())
      .addColumn('value_min', 'double precision', (c) => c.notNull())
      .addColumn('value_max', 'double precision', (c) => c.notNull())
      .addColumn('last_value', 'double precision', (c) => c.notNull())
      .addColumn('energy_wh', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('metric_fine_rollups_pk', ['thing_name', 'granularity', 'metric_key', 'bucket'])
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('metric_fine_rollups').execute();
    await db.schema.dropTable('series_tier_sizes').execute();
    await db.schema.dropTable('series_tiers').execute();
  },
};
