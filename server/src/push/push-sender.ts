// Sends the push outbox through the push services (web-push: VAPID-signed, payload encrypted for the
// browser). A leader job, so one replica sends however many run; it runs beside ingest and the alert
// engine and never on their path: an alert only writes rows (push-store.ts). A push service's 404/410
// means the browser unsubscribed or the subscription expired: the subscription is removed. Any other
// failure is tried again PUSH_RETRY_AFTER_MS later, at most MAX_PUSH_ATTEMPTS times.
import http from 'node:http';
import https from 'node:https';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../db/schema';
import { guardedLookup, literalAllowed } from '../integrations/webhook-url';
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
  /** Endpoints over http or on private/loopback addresses (PUSH_ALLOW_PRIVATE: tests, a push service of one's own). */
  allowPrivate?: boolean;
}

/**
 * One POST of the encrypted message to the push service; its status code. web-push signs and encrypts
 * (generateRequestDetails); the request is ours, so an endpoint on an internal address is refused as
 * a webhook's is (a subscription's endpoint is whatever a signed-in user sent), unless allowed.
 */
export function postToPushService(
  endpoint: string,
  details: { method: string; headers: Record<string, string | number>; body: Buffer | null },
  allowPrivate: boolean,
): Promise<number> {
  const url = new URL(endpoint);
  if (!allowPrivate && url.protocol !== 'https:') return Promise.reject(new Error('Push endpoints must be https'));
  if (!literalAllowed(url, allowPrivate)) return Promise.reject(new Error('The endpoint is a private or loopback address'));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers: details.headers,
        lookup: guardedLookup(allowPrivate),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      },
      (response) => {
        response.resume(); // the push service's answer text says nothing the status does not
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

async function sendOne(deps: PushSenderDeps, db: PushDb, push: ClaimedPush, now: Date): Promise<PushOutcome> {
  let status: number;
  try {
    const details = webpush.generateRequestDetails(
      { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
      push.payload,
      {
        vapidDetails: deps.vapid,
        TTL: TTL_SECONDS,
        urgency: 'high',
      },
    );
    status = await postToPushService(details.endpoint, details, deps.allowPrivate ?? false);
  } catch (error) {
    await markPushFailed(db, push.id, error instanceof Error ? error.message : String(error));
    return 'failed';
  }
  if (status >= 200 && status < 300) {
    await markPushSent(db, push, now);
    return 'sent';
  }
  if (status === 404 || status === 410) {
    await dropSubscription(db, push.subscription_id);
    return 'gone';
  }
  await markPushFailed(db, push.id, `HTTP ${status}`);
  return 'failed';
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
      const outcome = await sendOne(deps, db, push, now);
      round[outcome] += 1;
      if (outcome === 'failed') deps.log.error(`push ${push.id} (attempt ${push.attempts}) failed`);
    }
    if (batch.length < BATCH) return round;
  }
}

export function startPushSender(deps: PushSenderDeps & { tickMs?: number; leaseTtlMs?: number; holder?: string; clock?: JobClock }): {
  stop(options?: { release?: boolean }): Promise<void>;
} {
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
