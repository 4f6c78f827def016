// An alert's push messages: to the same recipients as its mails (those who hear of the plant's alerts
// and whose schedule is open at its start, notifications/alert-mail.ts), one per subscribed device,
// queued in the transaction that opens the alert.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Recipient } from '../notifications/alert-mail';
import { pushDb } from './push-db';
import { renderAlertPush, type AlertPushFacts } from './push-message';
import { queuePush } from './push-store';

/** Queues the alert for each recipient's devices; answers how many messages were queued. */
export async function queueAlertPushes(trx: Kysely<Database>, facts: AlertPushFacts, recipients: readonly Recipient[]): Promise<number> {
  let queued = 0;
  for (const recipient of recipients) {
    if (!recipient.userId) continue;
    queued += await queuePush(pushDb(trx), recipient.userId, () => renderAlertPush(facts, recipient.locale), facts.startedAt);
  }
  return queued;
}
