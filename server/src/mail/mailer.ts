// Delivers the outbox. Whoever queues mail kicks delivery; a timer retries failures (and removes the
// texts of secrets whose time is over, outbox.ts). Sending never happens on a request's path, so a slow
// or absent mail server costs no request any time.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { claimUnsent, enqueueMail, markFailed, markSent, removeExpiredSecrets, type OutgoingMail } from './outbox';
import type { MailTransport } from './transports';

export interface Mailer {
  readonly transport: MailTransport['name'];
  /** Writes the mail to the outbox through `db` (a transaction, when the mail reports its change). */
  enqueue(db: Kysely<Database>, mail: OutgoingMail): Promise<string>;
  /** Starts delivering what is queued; call after the transaction that queued it has committed. */
  kick(): void;
  /** enqueue + kick, for mail that reports no change of its own. */
  send(db: Kysely<Database>, mail: OutgoingMail): Promise<string>;
  /** Resolves when no delivery round is running (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  retryIntervalMs?: number;
  onError?: (message: string) => void;
}

const BATCH = 20;

export function createMailer(db: Kysely<Database>, transport: MailTransport, options: MailerOptions = {}): Mailer {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const round = async () => {
    await removeExpiredSecrets(db);
    for (;;) {
      const batch = await claimUnsent(db, BATCH);
      for (const mail of batch) {
        try {
          await transport.send(mail);
          // With no mail server (the log transport) the outbox is where the mail is read: its secret stays until its time is over.
          await markSent(db, mail, transport.name !== 'log');
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          options.onError?.(`mail ${mail.id} to ${mail.to} failed (attempt ${mail.attempts}): ${reason}`);
          await markFailed(db, mail.id, reason);
        }
      }
      if (batch.length < BATCH) return;
    }
  };

  const kick = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((error: unknown) => options.onError?.(`mail delivery round failed: ${String(error)}`))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  };

  // Failed mails wait for their claim to go stale: a mail server that is down stays down for a while.
  const retry = setInterval(kick, options.retryIntervalMs ?? 60_000);
  retry.unref();

  const idle = async () => {
    while (running) await running;
  };

  return {
    transport: transport.name,
    enqueue: (executor, mail) => enqueueMail(executor, mail),
    kick,
    async send(executor, mail) {
      const id = await enqueueMail(executor, mail);
      kick();
      return id;
    },
    idle,
    async close() {
      closed = true;
      clearInterval(retry);
      await idle();
      transport.close();
    },
  };
}
