// 040_releases: the registered releases of each module and each module's stable and canary.
import { sql, type Kysely, type Migration } from 'kysely';

export const releasesMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('releases')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('module', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('entry', 'text', (c) => c.notNull())
      .addColumn('styles', 'text', (c) => c.notNull())
      .addColumn('app_manifest', 'text', (c) => c.notNull())
      .addColumn('locales', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('loads', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addUniqueConstraint('releases_module_name', ['module', 'name'])
      .execute();

    await db.schema
      .createTable('release_modules')
      .addColumn('module', 'text', (c) => c.primaryKey())
      .addColumn('stable_release_id', 'text', (c) => c.notNull().references('releases.id'))
      .addColumn('previous_stable_release_id', 'text', (c) => c.references('releases.id'))
      .addColumn('canary_release_id', 'text', (c) => c.references('releases.id'))
      .addColumn('canary_share', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('canary_tenants', 'text', (c) => c.notNull().defaultTo(sql`'[]'`))
      .addColumn('canary_min_loads', 'integer', (c) => c.notNull())
      .addColumn('canary_max_error_rate', 'double precision', (c) => c.notNull())
      .addColumn('auto_rollback', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('release_modules').execute();
    await db.schema.dropTable('releases').execute();
  },
};
