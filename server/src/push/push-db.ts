// The database typed with the push tables (kept out of db/schema.ts, as notifications-db.ts does).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PushTables } from './tables';

export type PushDb = Kysely<Database & PushTables>;

export function pushDb(db: Kysely<Database>): PushDb {
  return db.withTables<PushTables>();
}
