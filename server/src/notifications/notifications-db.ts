// The database as the notifications code names it. `Database` holds the notification tables (the module
// declares them): the name stays for its callers.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type NotificationsDb = Kysely<Database>;

export function notificationsDb(db: Kysely<Database>): NotificationsDb {
  return db;
}
