import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { databaseTargets } from '../testing/databases';
import { createMailer } from './mailer';
import {
  CLAIM_TIMEOUT_MS,
  MAX_DELIVERY_ATTEMPTS,
  SECRET_REMOVED,
  claimUnsent,
  enqueueMail,
  removeExpiredSecrets,
  type OutboxRow,
} from './outbox';
import { renderMail } from './templates';
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

  describe('secrets', () => {
    const reset = (to: string, now = Date.now()) => ({
      to,
      language: 'en' as const,
      ...renderMail(
        { kind: 'password-reset-code', name: 'Eva', code: '482913', validMinutes: 60, consoleUrl: 'https://ems.test' },
        'en',
        now,
      ),
    });
    const rowOf = (id: string) => db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('removes a reset code or temporary password from the outbox once a mail server took it, keeping who was mailed what and when', async () => {
      const transport = recordingTransport();
      const mailer = createMailer(db, transport);
      const id = await mailer.send(db, reset('eva@helio.test'));
      const invited = await mailer.send(db, {
        to: 'new@helio.test',
        language: 'cs',
        ...renderMail(
          {
            kind: 'invitation',
            name: 'Nová',
            username: 'new@helio.test',
            temporaryPassword: 'Tmp-Secret-77',
            expiresAt: new Date(Date.now() + 7 * 86_400_000),
            tenantName: 'T',
            consoleUrl: 'https://ems.test',
          },
          'cs',
        ),
      });
      const plain = await mailer.send(db, mail('plain@helio.test'));
      await mailer.idle();
      await mailer.close();
      expect(transport.sent.sort()).toEqual(['eva@helio.test', 'new@helio.test', 'plain@helio.test']);
      for (const [mailId, secret] of [
        [id, '482913'],
        [invited, 'Tmp-Secret-77'],
      ] as const) {
        const row = await rowOf(mailId);
        expect(row.text).toBe(SECRET_REMOVED);
        expect(row.text).not.toContain(secret);
        expect(row).toMatchObject({ secret_until: null, subject: expect.any(String) });
        expect(row.sent_at).not.toBeNull();
      }
      expect((await rowOf(plain)).text).toBe('Body');
    });

    it('keeps the secret readable in the outbox without a mail server only until its time is over', async () => {
      const mailer = createMailer(
        db,
        logTransport(() => undefined),
      );
      const hourAgo = Date.now() - 61 * 60_000;
      const stale = await mailer.send(db, reset('old@helio.test', hourAgo));
      const fresh = await mailer.send(db, reset('new@helio.test'));
      await mailer.idle();
      expect((await rowOf(fresh)).text).toContain('482913');
      expect((await rowOf(stale)).text).toBe(SECRET_REMOVED);
      expect(await removeExpiredSecrets(db, new Date(Date.now() + 61 * 60_000))).toBe(1);
      expect((await rowOf(fresh)).text).toBe(SECRET_REMOVED);
      await mailer.close();
    });
  });
});
