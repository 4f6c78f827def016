// Identity and access: custom roles, sessions (refresh-token families), sign-in throttling, the
// new-password challenge, password reset codes, the audit log and the mail outbox. Users gain their
// custom role, invitation expiry and sign-in bookkeeping. One ALTER per column: SQLite allows no more.
import { sql, type Kysely, type Migration } from 'kysely';

export const identityMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('roles')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('roles_tenant_name_unique', ['tenant_id', 'name_key'])
      .execute();

    await db.schema
      .alterTable('users')
      .addColumn('custom_role_id', 'text', (c) => c.references('roles.id'))
      .execute();
    await db.schema.alterTable('users').addColumn('temporary_password_expires_at', 'text').execute();
    await db.schema.alterTable('users').addColumn('password_changed_at', 'text').execute();
    await db.schema.alterTable('users').addColumn('last_sign_in_at', 'text').execute();
    await db.schema.createIndex('users_custom_role_idx').on('users').column('custom_role_id').execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('user_agent', 'text')
      .addColumn('address', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
    // Families issued before this migration become sessions of unknown device.
    await sql`insert into sessions (id, user_id, user_agent, address, created_at, last_used_at, revoked_at)
      select family_id, user_id, null, null, min(created_at), max(created_at),
        case when count(revoked_at) = count(*) then max(revoked_at) else null end
      from refresh_tokens group by family_id, user_id`.execute(db);

    await db.schema
      .createTable('sign_in_throttle')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lockouts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_failure_at', 'bigint')
      .addColumn('locked_until', 'bigint')
      .execute();

    await db.schema
      .createTable('auth_challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('password_reset_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('password_reset_codes_user_idx').on('password_reset_codes').column('user_id').execute();

    // No foreign keys to users: the record outlives the people it names.
    await db.schema
      .createTable('audit_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.references('tenants.id').onDelete('cascade'))
      .addColumn('actor_id', 'text')
      .addColumn('actor_email', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text')
      .addColumn('target_id', 'text')
      .addColumn('target_label', 'text')
      .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('address', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_events_tenant_time_idx').on('audit_events').columns(['tenant_id', 'created_at']).execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .addColumn('claimed_at', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .execute();
    await db.schema.createIndex('outbox_unsent_idx').on('outbox').columns(['sent_at', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['outbox', 'audit_events', 'password_reset_codes', 'auth_challenges', 'sign_in_throttle', 'sessions']) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.dropIndex('users_custom_role_idx').execute();
    for (const column of ['last_sign_in_at', 'password_changed_at', 'temporary_password_expires_at', 'custom_role_id']) {
      await db.schema.alterTable('users').dropColumn(column).execute();
    }
    await db.schema.dropTable('roles').execute();
  },
};
