// 020_remote_control: commands sent to plants (history), schedules and the schedule runner's lease.
import type { Kysely, Migration } from 'kysely';

export const remoteControlMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('rc_commands')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('plant_id', 'text', (c) => c.notNull().references('plants.id').onDelete('cascade'))
      .addColumn('thing_name', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('from_value', 'text', (c) => c.notNull())
      .addColumn('to_value', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('user_email', 'text')
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('confirm_ms', 'integer')
      .execute();
    await db.schema.createIndex('rc_commands_plant_sent').on('rc_commands').columns(['plant_id', 'sent_at']).execute();
    // The device's confirmation looks up the open commands of a thing's key.
    await db.schema.createIndex('rc_commands_thing_open').on('rc_commands').columns(['thing_name', 'key', 'state']).execute();

    await db.schema
      .createTable('rc_schedules')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('plant_id', 'text', (c) => c.notNull().references('plants.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('date', 'text')
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('end_time', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('restore_value', 'text')
      .addColumn('last_edge_at', 'text')
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rc_schedules_plant').on('rc_schedules').columns(['plant_id']).execute();

    await db.schema
      .createTable('rc_leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('rc_leases').execute();
    await db.schema.dropTable('rc_schedules').execute();
    await db.schema.dropTable('rc_commands').execute();
  },
};
