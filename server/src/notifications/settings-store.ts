// Per-user notification schedules. A user who never saved one has the defaults (switched off).
import { defaultSettings, parseStoredSettings, type NotificationSettings } from './settings';
import type { NotificationsDb } from './notifications-db';

export async function settingsOf(db: NotificationsDb, userId: string): Promise<NotificationSettings> {
  const row = await db
    .selectFrom('notification_settings')
    .select(['period', 'enabled', 'days'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? parseStoredSettings(row) : defaultSettings();
}

/** Saves settings already normalised (normaliseSettings) and answers them as stored. */
export async function saveSettings(
  db: NotificationsDb,
  userId: string,
  settings: NotificationSettings,
  now = new Date(),
): Promise<NotificationSettings> {
  const values = {
    period: settings.period,
    enabled: settings.enabled ? 1 : 0,
    days: JSON.stringify(settings.days),
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return settings;
}
