// notifications/push/*: the caller's own devices. Each request touches the caller's rows only (by
// user id from the token); another user's device id is a 404, as a missing one is.
import type { PushDevice } from '@helio/contracts';
import type { ApiHandlers } from '../http/api-module';
import { conflict, pushDeviceNotFound } from '../http/errors';
import type { PushDb } from './push-db';
import { renderTestPush } from './push-message';
import {
  countSubscriptions,
  MAX_SUBSCRIPTIONS_PER_USER,
  removeSubscription,
  renameSubscription,
  saveSubscription,
  subscriptionsOf,
  queuePush,
  type PushSubscriptionRow,
} from './push-store';

function deviceOf(row: PushSubscriptionRow): PushDevice {
  let service = '';
  try {
    service = new URL(row.endpoint).host;
  } catch {
    // stored from a checked URL; an unreadable one shows no host
  }
  return { id: row.id, name: row.name, service, createdAt: row.created_at, lastSentAt: row.last_sent_at };
}

async function ownDevice(db: PushDb, userId: string, id: string): Promise<PushSubscriptionRow> {
  const row = await db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw pushDeviceNotFound();
  return row;
}

/** `publicKey`: the VAPID public key, read when first asked (made on first start). */
export function pushHandlers(db: PushDb, publicKey: () => string): ApiHandlers {
  return {
    'notifications/push/key': async () => ({ publicKey: publicKey() }),
    'notifications/push/list': async (request) => ({ devices: (await subscriptionsOf(db, request.user.sub)).map(deviceOf) }),
    'notifications/push/subscribe': async (request) => {
      const { name, subscription } = request.body;
      const known = await db
        .selectFrom('push_subscriptions')
        .select('user_id')
        .where('endpoint', '=', subscription.endpoint)
        .executeTakeFirst();
      if (known?.user_id !== request.user.sub && (await countSubscriptions(db, request.user.sub)) >= MAX_SUBSCRIPTIONS_PER_USER)
        throw conflict(`At most ${MAX_SUBSCRIPTIONS_PER_USER} devices per user; remove one first`);
      const row = await saveSubscription(db, request.user.sub, {
        endpoint: subscription.endpoint,
        ...subscription.keys,
        name: name.trim() || name,
      });
      return deviceOf(row);
    },
    'notifications/push/rename': async (request) => {
      if (!(await renameSubscription(db, request.user.sub, request.body.id, request.body.name))) throw pushDeviceNotFound();
      return deviceOf(await ownDevice(db, request.user.sub, request.body.id));
    },
    'notifications/push/remove': async (request) => {
      if (!(await removeSubscription(db, request.user.sub, request.body.id))) throw pushDeviceNotFound();
      return { removed: true };
    },
    'notifications/push/test': async (request) => {
      const device = await ownDevice(db, request.user.sub, request.body.id);
      const user = await db.selectFrom('users').select('locale').where('id', '=', request.user.sub).executeTakeFirstOrThrow();
      // sent by the push sender's next round, like an alert's
      const queued = (await queuePush(db, request.user.sub, (sub) => renderTestPush(user.locale, sub.id), new Date(), device.id)) > 0;
      return { queued };
    },
  };
}
