// Sends the push outbox through the push services (web-push: VAPID-signed, payload encrypted for the
// browser). A leader job, so one replica sends however many run; it runs beside ingest and the alert
// engine and never on their path: an alert only writes rows (push-store.ts). A push service's 404/410
// means the browser unsubscribed or the subscription expired: the subscription is removed. Any other
// failure is tried again PUSH_RETRY_AFTER_MS later, at most MAX_PUSH_ATTEMPTS times.
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../db/schema';
import { startLeaderJob, type JobClock } from '../jobs/leader-job';
import { pushDb, type PushDb } from './push-db';
import { claimPushes, dropSubscription, markPushFailed, markPushSent, type ClaimedPush } from './push-store';
import type { VapidKeys } from './vapid-keys';

export const PUSH_SENDER_JOB = 'push-sender';
export const PUSH_TICK_MS = 2_000;
const BATCH = 50;
/** Sent messages are kept this long (the hourly bound counts them), then deleted. */
const KEEP_MS = 2 * 24 * 3_600_000;
/** How long the push service may take to answer one message. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is offline: an alert a day old is news no more. */
const TTL_SECONDS = 24 * 3600;

export type PushOutcome = 'sent' | 'gone' | 'failed';

/** What the sender did in one round. */
export interface PushRound {
  sent: number;
  gone: number;
  failed: number;
}

export interface PushSenderDeps {
  db: Kysely<Database>;
  vapid: VapidKeys;
  log: { info(message: string): void; error(message: string): void };
}

function statusOf(error: unknown): number | undefined {
  const code = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

async function sendOne(db: PushDb, vapid: VapidKeys, push: ClaimedPush, now: Date): Promise<PushOutcome> {
  try {
    await webpush.sendNotification({ endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } }, push.payload, {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      urgency: 'high',
      timeout: SEND_TIMEOUT_MS,
    });
    await markPushSent(db, push, now);
    return 'sent';
  } catch (error) {
    const status = statusOf(error);
    if (status === 404 || status === 410) {
      await dropSubscription(db, push.subscription_id);
      return 'gone';
    }
    const body = (error as { body?: unknown }).body;
    const reason = `${status ?? ''} ${error instanceof Error ? error.message : String(error)} ${typeof body === 'string' ? body : ''}`.trim();
    await markPushFailed(db, push.id, reason);
    return 'failed';
  }
}

/** One round: sends every message due at `now` (claimed in batches) and forgets old ones. */
export async function sendPushRound(deps: PushSenderDeps, now = new Date()): Promise<PushRound> {
  const db = pushDb(deps.db);
  const round: PushRound = { sent: 0, gone: 0, failed: 0 };
  await db
    .deleteFrom('push_outbox')
    .where('created_at', '<', new Date(now.getTime() - KEEP_MS).toISOString())
    .execute();
  for (;;) {
    const batch = await claimPushes(db, BATCH, now);
    for (const push of batch) {
      const outcome = await sendOne(db, deps.vapid, push, now);
      round[outcome] += 1;
      if (outcome === 'failed') deps.log.error(`push ${push.id} (attempt ${push.attempts}) failed`);
    }
    if (batch.length < BATCH) return round;
  }
}

export function startPushSender(
  deps: PushSenderDeps & { tickMs?: number; leaseTtlMs?: number; holder?: string; clock?: JobClock },
): { stop(options?: { release?: boolean }): Promise<void> } {
  const job = startLeaderJob({
    db: deps.db,
    name: PUSH_SENDER_JOB,
    everyMs: deps.tickMs ?? PUSH_TICK_MS,
    ttlMs: deps.leaseTtlMs,
    holder: deps.holder,
    clock: deps.clock,
    log: { error: (message) => deps.log.error(message) },
    work: async (now) => {
      const round = await sendPushRound(deps, new Date(now));
      if (round.gone > 0) deps.log.info(`push: ${round.gone} subscription(s) the push service no longer knows were removed`);
    },
  });
  return { stop: (options) => job.stop(options) };
}
