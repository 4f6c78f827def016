// notifications/settings/get|save: the caller's own notification schedule. Any signed-in user keeps
// one (it decides when alerts are e-mailed to them), so these need a session and nothing more.
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../http/auth';
import { notificationEndpoints, type NotificationEndpoints } from '@helio/contracts';
import { contractSchema } from '../http/contract-schema';
import { access, SIGNED_IN } from '../iam/route-access';
import { normaliseSettings, type NotificationSettings } from './settings';
import { saveSettings, settingsOf } from './settings-store';
import type { NotificationsDb } from './notifications-db';

export async function registerSettingsRoutes(app: FastifyInstance, db: NotificationsDb): Promise<void> {
  app.post(
    '/api/notifications/settings/get',
    { config: access(SIGNED_IN), preHandler: requireUser, schema: contractSchema(notificationEndpoints['notifications/settings/get']) },
    async (request): Promise<NotificationSettings> => settingsOf(db, request.user.sub),
  );

  app.post<{ Body: NotificationEndpoints['notifications/settings/save']['request'] }>(
    '/api/notifications/settings/save',
    { config: access(SIGNED_IN), preHandler: requireUser, schema: contractSchema(notificationEndpoints['notifications/settings/save']) },
    async (request): Promise<NotificationSettings> => saveSettings(db, request.user.sub, normaliseSettings(request.body)),
  );
}
