// Subscriptions and the push outbox. A message is a row first, written in the transaction that opens
// the alert, one per subscribed browser of each recipient; the sender (push-sender.ts) claims rows
// before sending so two replicas never send one twice, and tries a failed one again a few times.
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { PushDb } from './push-db';
import type { PushMessage } from './push-message';
import type { PushOutboxTable, PushSubscriptionTable } from './tables';

export type PushOutboxRow = Selectable<PushOutboxTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionTable>;

/** Attempts per message: a push service that keeps failing is not asked forever. */
export const MAX_PUSH_ATTEMPTS = 4;
/** A failed (or abandoned) claim is tried again after this long. */
export const PUSH_RETRY_AFTER_MS = 30_000;
/** Messages queued per user in any hour, over all their devices; an alert storm beyond it stays in the app and mail. */
export const PUSH_PER_USER_PER_HOUR = 30;
/** Devices one user may subscribe. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  name: string;
}

/** Adds the browser, or takes over its row when the endpoint is known (a browser that subscribes again). */
export async function saveSubscription(db: PushDb, userId: string, sub: NewSubscription, now = new Date()): Promise<PushSubscriptionRow> {
  const existing = await db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', sub.endpoint).executeTakeFirst();
  if (existing) {
    await db
      .updateTable('push_subscriptions')
      .set({ user_id: userId, p256dh: sub.p256dh, auth: sub.auth, name: sub.name })
      .where('id', '=', existing.id)
      .execute();
    return { ...existing, user_id: userId, p256dh: sub.p256dh, auth: sub.auth, name: sub.name };
  }
  const row: PushSubscriptionRow = { id: randomUUID(), user_id: userId, ...sub, created_at: now.toISOString(), last_sent_at: null };
  await db.insertInto('push_subscriptions').values(row).execute();
  return row;
}

export async function countSubscriptions(db: PushDb, userId: string): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function subscriptionsOf(db: PushDb, userId: string): Promise<PushSubscriptionRow[]> {
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

/** Renames the user's own subscription; false when it is not theirs (or gone). */
export async function renameSubscription(db: PushDb, userId: string, id: string, name: string): Promise<boolean> {
  const r = await db.updateTable('push_subscriptions').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function removeSubscription(db: PushDb, userId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('push_subscriptions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Messages queued for the user since `since`, for the hourly bound. */
async function queuedSince(db: PushDb, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('push_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Queues `message` for each of the user's devices, within the hourly bound (PUSH_PER_USER_PER_HOUR);
 * answers how many were queued.
 */
export async function queuePush(
  db: PushDb,
  userId: string,
  message: (sub: PushSubscriptionRow) => PushMessage,
  now = new Date(),
  /** Only this device of the user's (a test message). */
  onlySubscriptionId?: string,
): Promise<number> {
  const subscriptions = (await subscriptionsOf(db, userId)).filter((s) => onlySubscriptionId === undefined || s.id === onlySubscriptionId);
  if (subscriptions.length === 0) return 0;
  const room = PUSH_PER_USER_PER_HOUR - (await queuedSince(db, userId, new Date(now.getTime() - 3_600_000)));
  const queued = subscriptions.slice(0, Math.max(0, room));
  for (const sub of queued) {
    await db
      .insertInto('push_outbox')
      .values({
        id: randomUUID(),
        subscription_id: sub.id,
        user_id: userId,
        payload: JSON.stringify(message(sub)),
        created_at: now.toISOString(),
        sent_at: null,
        claimed_at: null,
        attempts: 0,
        last_error: null,
      })
      .execute();
  }
  return queued.length;
}

export interface ClaimedPush extends PushOutboxRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Claims up to `limit` unsent messages, oldest first, whose last attempt (if any) is older than the retry delay. */
export async function claimPushes(db: PushDb, limit: number, now = new Date()): Promise<ClaimedPush[]> {
  const stale = new Date(now.getTime() - PUSH_RETRY_AFTER_MS).toISOString();
  const candidates = await db
    .selectFrom('push_outbox')
    .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_outbox.subscription_id')
    .selectAll('push_outbox')
    .select(['push_subscriptions.endpoint', 'push_subscriptions.p256dh', 'push_subscriptions.auth'])
    .where('push_outbox.sent_at', 'is', null)
    .where('push_outbox.attempts', '<', MAX_PUSH_ATTEMPTS)
    .where((eb) => eb.or([eb('push_outbox.claimed_at', 'is', null), eb('push_outbox.claimed_at', '<', stale)]))
    .orderBy('push_outbox.created_at')
    .limit(limit)
    .execute();
  const claimed: ClaimedPush[] = [];
  for (const row of candidates) {
    const claim = now.toISOString();
    const result = await db
      .updateTable('push_outbox')
      .set({ claimed_at: claim, attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .where('attempts', '=', row.attempts)
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) claimed.push({ ...row, claimed_at: claim, attempts: row.attempts + 1 });
  }
  return claimed;
}

export async function markPushSent(db: PushDb, push: Pick<ClaimedPush, 'id' | 'subscription_id'>, now = new Date()): Promise<void> {
  await db.updateTable('push_outbox').set({ sent_at: now.toISOString(), last_error: null }).where('id', '=', push.id).execute();
  await db.updateTable('push_subscriptions').set({ last_sent_at: now.toISOString() }).where('id', '=', push.subscription_id).execute();
}

/** Keeps the claim: tried again once it is PUSH_RETRY_AFTER_MS old, until MAX_PUSH_ATTEMPTS. */
export async function markPushFailed(db: PushDb, id: string, error: string): Promise<void> {
  await db
    .updateTable('push_outbox')
    .set({ last_error: error.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}

/** The push service says the browser is gone (404/410): the subscription and its queued messages go. */
export async function dropSubscription(db: PushDb, subscriptionId: string): Promise<void> {
  await db.deleteFrom('push_outbox').where('subscription_id', '=', subscriptionId).execute();
  await db.deleteFrom('push_subscriptions').where('id', '=', subscriptionId).execute();
}
