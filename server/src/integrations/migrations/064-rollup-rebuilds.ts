// 064_rollup_rebuilds: the days whose roll-ups a history import left to rebuild, one row per gateway,
// key and day, written in the import's transaction and worked off by the rebuilders of every replica
// (rollup-rebuilds.ts), each row claimed like a webhook delivery.
import type { Kysely, Migration } from 'kysely';

export const rollupRebuildsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('rollup_rebuilds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('thing_name', 'text', (c) => c.notNull())
      .addColumn('metric_key', 'text', (c) => c.notNull())
      .addColumn('day_bucket', 'bigint', (c) => c.notNull())
      .addColumn('queued_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_until', 'bigint', (c) => c.notNull())
      .addColumn('claim_token', 'text')
      .execute();
    await db.schema
      .createIndex('rollup_rebuilds_day')
      .on('rollup_rebuilds')
      .columns(['thing_name', 'metric_key', 'day_bucket'])
      .unique()
      .execute();
    await db.schema.createIndex('rollup_rebuilds_due').on('rollup_rebuilds').columns(['claimed_until', 'queued_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('rollup_rebuilds').execute();
  },
};
