// push: the caller's subscribed browsers (notifications/push/*). The VAPID key pair is read from the
// data directory, made there on first use (vapid-keys.ts); the sender runs as a leader job (main.ts).
import type { ModuleDeps } from '../modules';
import { serverModule, tables } from '../server-module';
import type { PushTables } from './tables';
import { pushSubscriptionsMigration } from './migrations/072-push-subscriptions';
import { pushDb } from './push-db';
import { pushHandlers } from './push-routes';
import { vapidKeys, vapidSubject } from './vapid-keys';

export const pushModule = serverModule({
  name: 'push',
  tables: tables<PushTables>(),
  migrations: {
    '072_push_subscriptions': pushSubscriptionsMigration,
  },
  handlers: ({ db, config, consoleUrl }: Pick<ModuleDeps, 'db' | 'config' | 'consoleUrl'>) => {
    const subject = vapidSubject(consoleUrl, config.identity.mailFrom);
    return pushHandlers(pushDb(db), () => vapidKeys(config.dataDir, subject).publicKey);
  },
});
