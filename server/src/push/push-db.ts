// The database as the push code names it. `Database` holds the push tables (the module declares them):
// the name stays for its callers.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type PushDb = Kysely<Database>;

export function pushDb(db: Kysely<Database>): PushDb {
  return db;
}
