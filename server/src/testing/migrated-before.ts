// A fresh test database with every migration before `name` applied: the state `name` meets on a real
// installation, for tests of what a migration does to existing rows.
import type { Kysely } from 'kysely';
import { migrationsByName } from '../db/migrations';
import type { Database } from '../db/schema';
import type { TestDatabase } from './databases';

export async function migratedBefore(target: TestDatabase, name: string): Promise<Kysely<Database>> {
  const db = (await target.createEmpty()) as unknown as Kysely<Database>;
  for (const [earlier, migration] of Object.entries(migrationsByName()).sort(([a], [b]) => a.localeCompare(b))) {
    if (earlier < name) await migration.up(db as Kysely<unknown>);
  }
  return db;
}
