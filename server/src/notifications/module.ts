// notifications: the user's schedule (notifications/settings/*) and the notification centre
// (notifications/alerts/*, notifications/thresholds/*).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { serverModule, tables } from '../server-module';
import type { NotificationTables } from './tables';
import { notificationsMigration } from './migrations/004-notifications';
import { alertHandlers } from './alert-routes';
import { notificationsDb } from './notifications-db';
import { settingsHandlers } from './settings-routes';

export const notificationsModule = serverModule({
  name: 'notifications',
  tables: tables<NotificationTables>(),
  migrations: {
    '004_notifications': notificationsMigration,
  },
  handlers: ({ db }: { db: Kysely<Database> }) => ({
    ...settingsHandlers(notificationsDb(db)),
    ...alertHandlers(db),
  }),
});
