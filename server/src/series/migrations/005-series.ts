// 005_series: roll-ups: hour, day and month buckets of every numeric metric. Raw samples stored before this
// migration are rolled up here once, so older history reads the same as newer history.
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

import { rollUpStoredSamples } from './005-rollups';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export const seriesMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // Granularity leads the metric key so a plant's list of metrics reads only its few month rows. On
    // SQLite the primary key is the table itself (WITHOUT ROWID): a year of hours is one sequential
    // range instead of 8,760 lookups from index to table.
    const clustered = isPostgres(db) ? sql`` : sql`without rowid`;
    await db.schema
      .createTable('metric_rollups')
      .addColumn('thing_name', 'text', (c) => c.notNull())
      .addColumn('granularity', 'text', (c) => c.notNull())
      .addColumn('metric_key', 'text', (c) => c.notNull())
      .addColumn('bucket', 'bigint', (c) => c.notNull())
      .addColumn('sample_count', 'integer', (c) => c.notNull())
      .addColumn('value_sum', 'double precision', (c) => c.notNull())
      .addColumn('value_min', 'double precision', (c) => c.notNull())
      .addColumn('value_max', 'double precision', (c) => c.notNull())
      .addColumn('last_ts', 'bigint', (c) => c.notNull())
      .addColumn('last_value', 'double precision', (c) => c.notNull())
      .addColumn('energy_wh', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('metric_rollups_pk', ['thing_name', 'granularity', 'metric_key', 'bucket'])
      .modifyEnd(clustered)
      .execute();
    await rollUpStoredSamples(db);
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('metric_rollups').execute();
  },
};
