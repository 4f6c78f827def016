import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import { createMailer } from './mailer';
import { CLAIM_TIMEOUT_MS, MAX_DELIVERY_ATTEMPTS, claimUnsent, enqueueMail, type OutboxRow } from './outbox';
import { logTransport, type MailTransport } from './transports';

const mail = (to: string) => ({ to, subject: 'Hello', text: 'Body', language: 'en' as const });

function recordingTransport(fail: (row: OutboxRow) => boolean = () => false): MailTransport & { sent: string[] } {
  const sent: string[] = [];
  return {
    name: 'smtp',
    sent,
    async send(row) {
      if (fail(row)) throw new Error('mail server said no');
      sent.push(row.to);
    },
    close() {},
  };
}

describe.each(databaseTargets())('outbox delivery on $name', (target) => {
  let db: Kysely<Database>;

  beforeEach(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  it('keeps the mail in the outbox and writes one log line by default', async () => {
    const lines: string[] = [];
    const mailer = createMailer(
      db,
      logTransport((line) => lines.push(line)),
    );
    const id = await mailer.send(db, mail('a@helio.test'));
    await mailer.idle();
    await mailer.close();
    expect(lines).toEqual([`mail ${id} to a@helio.test: "Hello" (no SMTP_URL: the text is in the outbox table)`]);
    const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ to: 'a@helio.test', subject: 'Hello', text: 'Body', language: 'en', attempts: 1, last_error: null });
    expect(row.sent_at).not.toBeNull();
  });

  it('sends nothing that was queued in a transaction that rolled back', async () => {
    const transport = recordingTransport();
    const mailer = createMailer(db, transport);
    await db
      .transaction()
      .execute(async (trx) => {
        await mailer.enqueue(trx, mail('never@helio.test'));
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    mailer.kick();
    await mailer.idle();
    await mailer.close();
    expect(transport.sent).toEqual([]);
    expect(await db.selectFrom('outbox').select('id').execute()).toEqual([]);
  });

  it('records a failure and tries again once the claim is stale, up to the attempt limit', async () => {
    let failing = true;
    const transport = recordingTransport(() => failing);
    const errors: string[] = [];
    const mailer = createMailer(db, transport, { onError: (message) => errors.push(message) });
    const id = await mailer.send(db, mail('later@helio.test'));
    await mailer.idle();
    expect(errors).toEqual([`mail ${id} to later@helio.test failed (attempt 1): mail server said no`]);
    expect(await db.selectFrom('outbox').select(['sent_at', 'last_error']).where('id', '=', id).executeTakeFirst()).toEqual({
      sent_at: null,
      last_error: 'mail server said no',
    });
    mailer.kick(); // too early: the failed attempt's claim still holds
    await mailer.idle();
    expect(errors).toHaveLength(1);

    failing = false;
    await db
      .updateTable('outbox')
      .set({ claimed_at: new Date(Date.now() - CLAIM_TIMEOUT_MS - 1).toISOString() })
      .execute();
    mailer.kick();
    await mailer.idle();
    await mailer.close();
    expect(transport.sent).toEqual(['later@helio.test']);
    expect(await db.selectFrom('outbox').select(['attempts', 'last_error']).where('id', '=', id).executeTakeFirst()).toEqual({
      attempts: 2,
      last_error: null,
    });
  });

  it('gives up after the last attempt', async () => {
    await enqueueMail(db, mail('gone@helio.test'));
    await db.updateTable('outbox').set({ attempts: MAX_DELIVERY_ATTEMPTS }).execute();
    expect(await claimUnsent(db, 10)).toEqual([]);
  });

  it('lets only one of two replicas claim a mail', async () => {
    await enqueueMail(db, mail('once@helio.test'));
    const [a, b] = await Promise.all([claimUnsent(db, 10), claimUnsent(db, 10)]);
    expect((a?.length ?? 0) + (b?.length ?? 0)).toBe(1);
  });

  it('delivers what an earlier run left in the outbox when kicked', async () => {
    await enqueueMail(db, mail('left@helio.test'));
    const transport = recordingTransport();
    const mailer = createMailer(db, transport);
    mailer.kick();
    await mailer.idle();
    await mailer.close();
    expect(transport.sent).toEqual(['left@helio.test']);
  });
});
