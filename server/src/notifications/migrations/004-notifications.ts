// Notification schedules, alerts, read marks and thresholds. Portable types only (text, integer,
// double precision); "one open alert per plant and kind" is a partial unique index, which both
// SQLite and PostgreSQL enforce, so replicas evaluating at once cannot raise the same alert twice.
import { sql, type Kysely, type Migration } from 'kysely';

// Required: the down step is part of the contract (the migration test runs it).
export const notificationsMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('notification_settings')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('days', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('alerts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('plant_id', 'text', (c) => c.notNull().references('plants.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('severity', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('ended_at', 'text')
      .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema.createIndex('alerts_tenant_started_idx').on('alerts').columns(['tenant_id', 'started_at']).execute();
    await db.schema
      .createIndex('alerts_one_open_per_kind')
      .on('alerts')
      .columns(['plant_id', 'kind'])
      .unique()
      .where(sql.ref('ended_at'), 'is', null)
      .execute();

    await db.schema
      .createTable('alert_reads')
      .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('read_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('alert_reads_pk', ['alert_id', 'user_id'])
      .execute();
    await db.schema.createIndex('alert_reads_user_idx').on('alert_reads').column('user_id').execute();

    await db.schema
      .createTable('alert_thresholds')
      .addColumn('plant_id', 'text', (c) => c.primaryKey().references('plants.id').onDelete('cascade'))
      .addColumn('battery_soc_min', 'double precision', (c) => c.notNull())
      .addColumn('pv_min_percent', 'double precision', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('alert_thresholds').execute();
    await db.schema.dropTable('alert_reads').execute();
    await db.schema.dropTable('alerts').execute();
    await db.schema.dropTable('notification_settings').execute();
  },
};
