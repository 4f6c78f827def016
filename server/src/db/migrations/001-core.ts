// Core tables: tenants, users, plants and the identity tables. Only types both SQLite and PostgreSQL
// understand the same way (text, double precision), so one migration serves both engines.
import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';

/** A CHECK constraint limiting a text column to a fixed set of values. */
function sqlIn(column: string, values: readonly string[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

export const coreMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('tenants')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('family_name', 'text', (c) => c.notNull())
      .addColumn('picture', 'text')
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull().check(sqlIn('role', ['owner', 'admin', 'operator', 'viewer'])))
      .addColumn('modules', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('locale', 'text', (c) =>
        c
          .notNull()
          .defaultTo('cs')
          .check(sqlIn('locale', ['cs', 'en'])),
      )
      .addColumn('preferences', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('active')
          .check(sqlIn('status', ['active', 'disabled'])),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_tenant_idx').on('users').column('tenant_id').execute();

    await db.schema
      .createTable('plants')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('thing_name', 'text', (c) => c.notNull().unique())
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('timezone', 'text', (c) => c.notNull())
      .addColumn('pv_peak_kw', 'double precision', (c) => c.notNull())
      .addColumn('battery_kwh', 'double precision')
      .addColumn('charger_kw', 'double precision')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('plants_tenant_idx').on('plants').column('tenant_id').execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('replaced_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
    await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();
    await db.schema.createIndex('refresh_tokens_expiry_idx').on('refresh_tokens').column('expires_at').execute();

    await db.schema
      .createTable('signing_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('alg', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['signing_keys', 'refresh_tokens', 'plants', 'users', 'tenants']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
