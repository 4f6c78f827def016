// Web Push: the browsers and phones a user subscribed (one row per push service endpoint, named by
// the user) and the push outbox, one message per subscription, written in the transaction that opens
// the alert and sent afterwards by the push sender's leader job (claimed, like the mail outbox, so two
// replicas never send it twice).
import type { Kysely, Migration } from 'kysely';

export const pushSubscriptionsMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_sent_at', 'text')
      .execute();
    await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

    await db.schema
      .createTable('push_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('subscription_id', 'text', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .addColumn('claimed_at', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .execute();
    await db.schema.createIndex('push_outbox_unsent_idx').on('push_outbox').columns(['sent_at', 'created_at']).execute();
    await db.schema.createIndex('push_outbox_user_idx').on('push_outbox').columns(['user_id', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('push_outbox').execute();
    await db.schema.dropTable('push_subscriptions').execute();
  },
};
