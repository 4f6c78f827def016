// Push tables (Kysely types): the user's subscribed browsers and the push outbox.

export interface PushSubscriptionTable {
  id: string;
  user_id: string;
  /** The push service's URL for this browser; unique, a browser that subscribes again replaces its row. */
  endpoint: string;
  /** The browser's keys (base64url) the payload is encrypted for. */
  p256dh: string;
  auth: string;
  /** The user's name for the device ("Phone", "Office PC"). */
  name: string;
  created_at: string;
  /** When the push service last took a message for it. */
  last_sent_at: string | null;
}

export interface PushOutboxTable {
  id: string;
  subscription_id: string;
  user_id: string;
  /** JSON text: PushMessage (push-message.ts). */
  payload: string;
  created_at: string;
  sent_at: string | null;
  claimed_at: string | null;
  attempts: number;
  last_error: string | null;
}

export type PushTables = {
  push_subscriptions: PushSubscriptionTable;
  push_outbox: PushOutboxTable;
};
