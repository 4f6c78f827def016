// Raw samples of the open hour as one row a report (issue 38): a gateway's report of 25 metrics was 25
// rows of metric_samples, each a tuple and a B-tree entry carrying the thing's name and the metric's key;
// it is one row here, its keys in one text and its values packed. metric_samples stays for samples of
// closed hours (late reports, history import) and for rows written before this migration: readers merge
// both (series/stored-samples.ts) and the packing job empties both into blocks, so an upgrade moves no
// data. Frozen: no import of live code.
import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export const metricReportsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('metric_reports')
      .addColumn('thing_name', 'text', (c) => c.notNull())
      .addColumn('ts', 'bigint', (c) => c.notNull())
      // '\n' + the metric keys joined by '\n' + '\n': a reader finds a key without parsing the row
      .addColumn('metric_keys', 'text', (c) => c.notNull())
      // one float64 (little-endian) a key, in the keys' order
      .addColumn('metric_values', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('sample_count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('metric_reports_pk', ['thing_name', 'ts'])
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('metric_reports').execute();
  },
};
