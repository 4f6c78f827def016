// 068_outbox_secrets on an outbox with mails: each mail queued before it is taken to carry a secret for
// the longest one lives (7 days from its queueing), so its text goes once that time is over.
import type { Kysely } from 'kysely';
import { migrationsByName } from '../db/migrations';
import { databaseTargets } from '../testing/databases';
import { migratedBefore } from '../testing/migrated-before';

const NAME = '068_outbox_secrets';

describe.each(databaseTargets())('the outbox secrets migration on $name', (target) => {
  afterAll(() => target.destroy());

  it('gives every mail queued before it a secret time 7 days after it was queued', async () => {
    const db = await migratedBefore(target, NAME);
    const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const mail = {
      to: 'a@b.c',
      subject: 's',
      text: 'Temporary password: x',
      language: 'en',
      sent_at: null,
      claimed_at: null,
      attempts: 0,
      last_error: null,
    };
    await old
      .insertInto('outbox')
      .values({ id: 'm1', ...mail, created_at: '2025-03-01T10:20:30.456Z' })
      .execute();
    await migrationsByName()[NAME]?.up(db as Kysely<unknown>);
    const row = await db.selectFrom('outbox').select('secret_until').where('id', '=', 'm1').executeTakeFirstOrThrow();
    expect(row.secret_until).toBe('2025-03-08T10:20:30.456Z');
  });
});
