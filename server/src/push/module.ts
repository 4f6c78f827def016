// push: the caller's subscribed browsers (notifications/push/*). The VAPID key pair is read from the
// data directory, made there on first use (vapid-keys.ts); the sender is its leader job.
import type { JobDeps, ModuleDeps } from '../modules';
import { serverModule, tables } from '../server-module';
import type { PushTables } from './tables';
import { pushSubscriptionsMigration } from './migrations/072-push-subscriptions';
import { pushDb } from './push-db';
import { pushHandlers } from './push-routes';
import { startPushSender } from './push-sender';
import { vapidKeys, vapidSubject } from './vapid-keys';

export const pushModule = serverModule({
  name: 'push',
  tables: tables<PushTables>(),
  migrations: {
    '072_push_subscriptions': pushSubscriptionsMigration,
  },
  // alerts' push messages, written with the alert, sent by one replica (push-sender.ts)
  jobs: ({ db, config, log, leaseTtlMs, holder }: Pick<JobDeps, 'db' | 'config' | 'log' | 'leaseTtlMs' | 'holder'>) => {
    const vapid = vapidKeys(config.dataDir, vapidSubject(config.consoleUrl, config.identity.mailFrom));
    return [startPushSender({ db, vapid, log, leaseTtlMs, holder, allowPrivate: config.pushAllowPrivate })];
  },
  handlers: ({ db, config, consoleUrl }: Pick<ModuleDeps, 'db' | 'config' | 'consoleUrl'>) => {
    const subject = vapidSubject(consoleUrl, config.identity.mailFrom);
    return pushHandlers(pushDb(db), () => vapidKeys(config.dataDir, subject).publicKey);
  },
});
