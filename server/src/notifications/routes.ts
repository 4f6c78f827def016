// Every notification endpoint, registered by one call (http/app.ts): the user's schedule
// (notifications/settings/*) and the notification centre (notifications/alerts/*, notifications/thresholds/*).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { registerAlertRoutes } from './alert-routes';
import { registerSettingsRoutes } from './settings-routes';
import { notificationsDb } from './notifications-db';

export async function registerNotificationRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  await registerSettingsRoutes(app, notificationsDb(db));
  await registerAlertRoutes(app, db);
}
