// The outbox: every mail is a row first, written in the same transaction as the change it reports,
// and delivered afterwards. A row is claimed before sending so two replicas never send it twice.
// A mail's secret (a temporary password, a reset code) does not stay here: its text is replaced by a
// note once a mail server took it, or once the secret's time is over (with no mail server, the outbox
// is where it is read until then). Who was mailed what and when stays.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, Locale, OutboxTable } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  language: Locale;
  /** The text carries a secret of use until then (templates.ts). */
  secretUntil?: Date;
  /** Files sent with the mail (the monthly reports' PDFs). */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The attachments kept in an outbox row's JSON text, as the transport sends them. */
export function attachmentsOf(row: Pick<OutboxTable, 'attachments'>): MailAttachment[] {
  if (!row.attachments) return [];
  const stored = JSON.parse(row.attachments) as Array<{ filename: string; contentType: string; base64: string }>;
  return stored.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') }));
}

/** What a mail's text becomes once its secret is removed. */
export const SECRET_REMOVED = '[This mail carried a temporary password or a reset code; its text was removed once it was sent.]';

export type OutboxRow = Selectable<OutboxTable>;

export const MAX_DELIVERY_ATTEMPTS = 5;
/** A claim older than this belongs to a failed attempt or a process that died while sending: try again. */
export const CLAIM_TIMEOUT_MS = 5 * 60_000;

export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail, now: Date = new Date()): Promise<string> {
  const id = randomUUID();
  const { secretUntil, attachments, ...fields } = mail;
  await db
    .insertInto('outbox')
    .values({
      id,
      ...fields,
      created_at: now.toISOString(),
      sent_at: null,
      claimed_at: null,
      attempts: 0,
      last_error: null,
      secret_until: secretUntil ? secretUntil.toISOString() : null,
      attachments:
        attachments && attachments.length > 0
          ? JSON.stringify(
              attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') })),
            )
          : null,
    })
    .execute();
  return id;
}

/** Removes the texts of mails whose secret's time is over (sent or not); answers how many. */
export async function removeExpiredSecrets(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ text: SECRET_REMOVED, secret_until: null })
    .where('secret_until', 'is not', null)
    .where('secret_until', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
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

/** Marks the mail sent; `delivered` (a mail server took it): a secret in its text is removed at once. */
export async function markSent(
  db: Kysely<Database>,
  row: Pick<OutboxRow, 'id' | 'secret_until'>,
  delivered: boolean,
  now = new Date(),
): Promise<void> {
  const removeSecret = delivered && row.secret_until !== null;
  await db
    .updateTable('outbox')
    .set({ sent_at: now.toISOString(), last_error: null, ...(removeSecret ? { text: SECRET_REMOVED, secret_until: null } : {}) })
    .where('id', '=', row.id)
    .execute();
}

/** Keeps the claim: the mail is tried again once the claim goes stale, a few minutes on (until MAX_DELIVERY_ATTEMPTS). */
export async function markFailed(db: Kysely<Database>, id: string, error: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ last_error: error.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}
