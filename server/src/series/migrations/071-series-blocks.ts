// Packed raw samples (issue 38): one row per closed UTC hour of a series, then per closed UTC day,
// instead of a row per sample. Existing samples are not touched here: the packing job (series/series-packer.ts) works
// through the backlog in short transactions while ingest goes on, so an upgrade does not stop the server for the
// hours a large history would take to pack at once. Frozen: no import of live code.
import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export const seriesBlocksMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // A plain rowid table on SQLite: a block is a few hundred bytes, too wide to keep in its key's B-tree.
    await db.schema
      .createTable('metric_blocks')
      .addColumn('thing_name', 'text', (c) => c.notNull())
      .addColumn('metric_key', 'text', (c) => c.notNull())
      .addColumn('period_start', 'bigint', (c) => c.notNull())
      .addColumn('period_end', 'bigint', (c) => c.notNull())
      .addColumn('sample_count', 'integer', (c) => c.notNull())
      .addColumn('first_ts', 'bigint', (c) => c.notNull())
      .addColumn('last_ts', 'bigint', (c) => c.notNull())
      .addColumn('data', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
      .addPrimaryKeyConstraint('metric_blocks_pk', ['thing_name', 'metric_key', 'period_start'])
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('metric_blocks').execute();
  },
};
