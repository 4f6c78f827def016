// The outbox: every mail is a row first, written in the same transaction as the change it reports,
// and delivered afterwards. A row is claimed before sending so two replicas never send it twice.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, Locale, OutboxTable } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  language: Locale;
}

export type OutboxRow = Selectable<OutboxTable>;

export const MAX_DELIVERY_ATTEMPTS = 5;
/** A claim older than this belongs to a failed attempt or a process that died while sending: try again. */
export const CLAIM_TIMEOUT_MS = 5 * 60_000;

export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail, now: Date = new Date()): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('outbox')
    .values({ id, ...mail, created_at: now.toISOString(), sent_at: null, claimed_at: null, attempts: 0, last_error: null })
    .execute();
  return id;
}

/** Claims up to `limit` unsent mails for this process, oldest first. */
export async function claimUnsent(db: Kysely<Database>, limit: number, now: Date = new Date()): Promise<OutboxRow[]> {
  const stale = new Date(now.getTime() - CLAIM_TIMEOUT_MS).toISOString();
  const candidates = await db
    .selectFrom('outbox')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('attempts', '<', MAX_DELIVERY_ATTEMPTS)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', stale)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
  const claimed: OutboxRow[] = [];
  for (const row of candidates) {
    const claim = now.toISOString();
    const result = await db
      .updateTable('outbox')
      .set({ claimed_at: claim, attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .where('attempts', '=', row.attempts) // someone else claimed it in between: their attempt, not ours
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) claimed.push({ ...row, claimed_at: claim, attempts: row.attempts + 1 });
  }
  return claimed;
}

export async function markSent(db: Kysely<Database>, id: string, now: Date = new Date()): Promise<void> {
  await db.updateTable('outbox').set({ sent_at: now.toISOString(), last_error: null }).where('id', '=', id).execute();
}

/** Keeps the claim: the mail is tried again once the claim goes stale, a few minutes on (until MAX_DELIVERY_ATTEMPTS). */
export async function markFailed(db: Kysely<Database>, id: string, error: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ last_error: error.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}
