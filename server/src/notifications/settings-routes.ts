// notifications/settings/get|save: the caller's own notification schedule. Any signed-in user keeps
// one (it decides when alerts are e-mailed to them), so these need a session and nothing more.
import type { ApiHandlers } from '../http/api-module';
import { normaliseSettings, type NotificationSettings } from './settings';
import { saveSettings, settingsOf } from './settings-store';
import type { NotificationsDb } from './notifications-db';

export function settingsHandlers(db: NotificationsDb): ApiHandlers {
  return {
    'notifications/settings/get': async (request): Promise<NotificationSettings> => settingsOf(db, request.user.sub),
    'notifications/settings/save': async (request): Promise<NotificationSettings> =>
      saveSettings(db, request.user.sub, normaliseSettings(request.body)),
  };
}
