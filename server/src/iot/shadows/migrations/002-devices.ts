// Shadows and raw metric samples. Types both engines read the same way: text, integer, bigint,
// double precision.
import type { Kysely, Migration } from 'kysely';

export const devicesMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('shadows')
      .addColumn('thing_name', 'text', (c) => c.primaryKey())
      .addColumn('reported', 'text', (c) => c.notNull())
      .addColumn('desired', 'text', (c) => c.notNull())
      .addColumn('metadata', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    // The primary key is the index every series read uses (thing, key, time range), and it makes a
    // redelivered QoS 1 message insert nothing twice.
    await db.schema
      .createTable('metric_samples')
      .addColumn('thing_name', 'text', (c) => c.notNull())
      .addColumn('metric_key', 'text', (c) => c.notNull())
      .addColumn('ts', 'bigint', (c) => c.notNull())
      .addColumn('value', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('metric_samples_pk', ['thing_name', 'metric_key', 'ts'])
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('metric_samples').execute();
    await db.schema.dropTable('shadows').execute();
  },
};
