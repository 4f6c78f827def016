// 065_webhook_redeliveries: a delivery queued again from the log names the delivery it repeats, so a
// tenant's pending redeliveries can be counted and capped, and one event waits at most once per
// webhook as a redelivery (a partial unique index: two at once cannot both get in).
import { sql, type Kysely, type Migration } from 'kysely';

export const webhookRedeliveriesMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('webhook_deliveries').addColumn('redelivery_of', 'text').execute();
    await db.schema
      .createIndex('webhook_deliveries_one_redelivery')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'event_id'])
      .unique()
      .where(sql.ref('status'), '=', 'pending')
      .where(sql.ref('redelivery_of'), 'is not', null)
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('webhook_deliveries_one_redelivery').execute();
    await db.schema.alterTable('webhook_deliveries').dropColumn('redelivery_of').execute();
  },
};
