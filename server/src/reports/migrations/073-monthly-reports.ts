// The monthly plant report: who subscribed to it (and for which plants and tags), the record of each
// report sent (one row per user and month: a restarted server or a second replica sees it and sends
// nothing again), and attachments on the outbox (the PDFs travel with their mail, as base64 in JSON
// text, which SQLite and PostgreSQL store alike).
import type { Kysely, Migration } from 'kysely';

export const monthlyReportsMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('report_subscriptions')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('enabled', 'integer', (c) => c.notNull())
      // JSON text: string[]
      .addColumn('plant_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('tag_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('report_deliveries')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // yyyy-mm: the month reported on
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .addColumn('outbox_id', 'text')
      .addColumn('reports', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('report_deliveries_pk', ['user_id', 'month'])
      .execute();
    // JSON text: [{ filename, contentType, base64 }]; null for a mail without attachments.
    await db.schema.alterTable('outbox').addColumn('attachments', 'text').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('outbox').dropColumn('attachments').execute();
    await db.schema.dropTable('report_deliveries').execute();
    await db.schema.dropTable('report_subscriptions').execute();
  },
};
