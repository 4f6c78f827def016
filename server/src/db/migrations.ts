// The migrations in the order they run: every module's (`migrations` in its module.ts, modules.ts),
// sorted by name, as Kysely runs them (the name sorts, so the id leads). An in-code provider (no
// directory scanning) keeps the built server self-contained.
//
// Each migration is frozen: it lives in its domain's `migrations/` folder (file named by its id) and
// imports only kysely, Node's built-ins and files of that folder, so no later edit of the application
// or the demo data changes what an old migration does on a fresh database; what it needs of them
// (a value, a computation) is copied in as it was. Only its domain's module.ts (and tests) import it.
// tools/frozen-migrations.test.js keeps it so; migrations.test.ts keeps the names existing databases
// recorded. (`db/migrations` in an import names this file: a file wins over the folder of the same name.)
//
// Collected when asked, not when this file loads; and db/index.ts (which most of the application
// imports) does not import this file: the modules import most of the application.
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { modules } from '../modules';
import type { ServerModule } from '../server-module';
import { isPostgres } from './dialect';
import type { Database } from './schema';

/** Every module's migrations by name, in name order. */
export function migrationsByName(): Record<string, Migration> {
  return collectMigrations(modules);
}

/** The modules' migrations by name, in name order; two modules declaring one name is an error. */
export function collectMigrations(modules: readonly Pick<ServerModule<never>, 'name' | 'migrations'>[]): Record<string, Migration> {
  const byName = new Map<string, { module: string; migration: Migration }>();
  for (const module of modules) {
    for (const [name, migration] of Object.entries(module.migrations ?? {})) {
      const other = byName.get(name);
      if (other) throw new Error(`migration ${name} is declared by both ${other.module} and ${module.name}`);
      byName.set(name, { module: module.name, migration });
    }
  }
  const inOrder = [...byName].sort(([a], [b]) => (a < b ? -1 : 1));
  return Object.fromEntries(inOrder.map(([name, { migration }]) => [name, migration]));
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrationsByName(),
};

/** Runs every migration the database has not recorded yet, in order. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Kysely looks for its migration table in every schema unless told which one; pin it to ours so
  // several schemas (test suites, tenants of a shared server) do not see each other's migrations.
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed} failed: ${reason}`, { cause: error });
  }
}
