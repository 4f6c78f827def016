// push: the caller's subscribed browsers (notifications/push/*). The VAPID key pair is read from the
// data directory, made there on first use (vapid-keys.ts); the sender runs as a leader job (main.ts).
import type { ModuleDeps } from '../modules';
import { apiModule } from '../http/api-module';
import { pushDb } from './push-db';
import { pushHandlers } from './push-routes';
import { vapidKeys, vapidSubject } from './vapid-keys';

export const pushModule = apiModule('push', ({ db, config, consoleUrl }: Pick<ModuleDeps, 'db' | 'config' | 'consoleUrl'>) => {
  const subject = vapidSubject(consoleUrl, config.identity.mailFrom);
  return pushHandlers(pushDb(db), () => vapidKeys(config.dataDir, subject).publicKey);
});
