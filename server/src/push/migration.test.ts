// Migration 072: the push tables on both engines, one row per push endpoint, a user's devices going
// with the user, a device's queued messages going with the device, and the down step.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { addUser } from '../iam/test-fixtures';
import { createNotificationsDb, insertTenant } from '../notifications/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { pushSubscriptionsMigration } from './migrations/072-push-subscriptions';
import { pushDb } from './push-db';
import { queuePush, saveSubscription } from './push-store';
import { expectRefused } from '../testing/refusal';

describe.each(databaseTargets())('migration 072 (push subscriptions) on $name', (target) => {
  let db: Kysely<Database>;

  beforeAll(async () => {
    db = await createNotificationsDb(target);
  });
  afterAll(() => target.destroy());

  const device = (userId: string, endpoint = `https://push.example.com/${randomUUID()}`) =>
    pushDb(db)
      .insertInto('push_subscriptions')
      .values({
        id: randomUUID(),
        user_id: userId,
        endpoint,
        p256dh: 'k',
        auth: 'a',
        name: 'D',
        created_at: new Date().toISOString(),
        last_sent_at: null,
      })
      .execute();

  it('keeps one device per push endpoint', async () => {
    const user = await addUser(db, await insertTenant(db));
    await device(user.id, 'https://push.example.com/same');
    await expectRefused(device(user.id, 'https://push.example.com/same'), /unique|duplicate/i);
  });

  it('removes a user’s devices with the user, and a device’s queued messages with the device', async () => {
    const user = await addUser(db, await insertTenant(db));
    const sub = await saveSubscription(pushDb(db), user.id, {
      endpoint: `https://push.example.com/${randomUUID()}`,
      p256dh: 'k',
      auth: 'a',
      name: 'D',
    });
    expect(await queuePush(pushDb(db), user.id, () => ({ title: 't', body: 'b', url: '/', tag: 'x' }))).toBe(1);
    await pushDb(db).deleteFrom('push_subscriptions').where('id', '=', sub.id).execute();
    expect(await pushDb(db).selectFrom('push_outbox').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    await device(user.id);
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await pushDb(db).selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('drops both tables on the way down and makes them again on the way up', async () => {
    await pushSubscriptionsMigration.down(db as Kysely<unknown>);
    await expectRefused(pushDb(db).selectFrom('push_outbox').select('id').execute(), /no such table|does not exist/);
    await pushSubscriptionsMigration.up(db as Kysely<unknown>);
    expect(await pushDb(db).selectFrom('push_subscriptions').select('id').execute()).toEqual([]);
  });
});
