// notifications: the user's schedule (notifications/settings/*) and the notification centre
// (notifications/alerts/*, notifications/thresholds/*).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { apiModule } from '../http/api-module';
import { alertHandlers } from './alert-routes';
import { notificationsDb } from './notifications-db';
import { settingsHandlers } from './settings-routes';

export const notificationsModule = apiModule('notifications', ({ db }: { db: Kysely<Database> }) => ({
  ...settingsHandlers(notificationsDb(db)),
  ...alertHandlers(db),
}));
