// The database typed with the notification tables, apart from the table types themselves so that
// db/schema.ts can list those without a circle back to it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { NotificationTables } from './tables';

export type NotificationsDb = Kysely<Database & NotificationTables>;

/** The database with the notification tables in its type (a no-op once they are part of Database). */
export function notificationsDb(db: Kysely<Database>): NotificationsDb {
  return db.withTables<NotificationTables>();
}
