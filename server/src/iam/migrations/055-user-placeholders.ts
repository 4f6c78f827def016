// 055_user_placeholders: an invitation to an address that has an account in another organisation
// makes a placeholder in the inviting one (iam/invite.ts), so the answer cannot tell that the address is
// taken. E-mails stay unique among real accounts (a partial unique index) and within each organisation;
// the single unique e-mail of 001_core goes. SQLite cannot drop a column's UNIQUE: the table is rebuilt.
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The constraint 001_core's `email … unique` got on PostgreSQL (its default name). */
const PG_EMAIL_UNIQUE = 'users_email_key';

/** What `down` puts back in place of the column's UNIQUE on SQLite (it cannot re-add that). */
const SQLITE_EMAIL_UNIQUE = 'users_email_unique';
const UNIQUE_EMAIL_COLUMN = /("email" text not null) unique/i;
const USERS_TABLE = sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'users'`;
const USERS_INDEXES = sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'users' and sql is not null`;

/**
 * Rebuilds users without the UNIQUE of its email column, as SQLite's guide to schema changes does:
 * foreign keys off (outside a transaction: Kysely runs SQLite migrations without one), copy into a new
 * table made from the stored definition, swap, re-create the indexes, check every reference, commit.
 */
async function rebuildSqliteUsers(db: Kysely<unknown>, definition: string): Promise<void> {
  const rebuilt = definition.replace(UNIQUE_EMAIL_COLUMN, '$1').replace(/^create table "users"/i, 'create table "users_rebuilt"');
  const indexes = await USERS_INDEXES.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(rebuilt).execute(db);
      await sql`insert into users_rebuilt select * from users`.execute(db);
      await sql`drop table users`.execute(db);
      await sql`alter table users_rebuilt rename to users`.execute(db);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`users: rebuilding it broke ${broken.rows.length} references`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function dropSqliteEmailUnique(db: Kysely<unknown>): Promise<void> {
  const definition = (await USERS_TABLE.execute(db)).rows[0]?.sql ?? '';
  if (UNIQUE_EMAIL_COLUMN.test(definition)) await rebuildSqliteUsers(db, definition);
  else await db.schema.dropIndex(SQLITE_EMAIL_UNIQUE).ifExists().execute();
}

export const userPlaceholdersMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (isPostgres(db)) await sql`alter table users drop constraint ${sql.id(PG_EMAIL_UNIQUE)}`.execute(db);
    else await dropSqliteEmailUnique(db);
    // 1: an invitation's stand-in that never signs in (password unusable, left out of every lookup by e-mail).
    await db.schema
      .alterTable('users')
      .addColumn('placeholder', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('users_email_account_unique')
      .on('users')
      .column('email')
      .unique()
      .where(sql.ref('placeholder'), '=', sql.lit(0))
      .execute();
    await db.schema.createIndex('users_tenant_email_unique').on('users').columns(['tenant_id', 'email']).unique().execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await sql`delete from users where placeholder = 1`.execute(db);
    await db.schema.dropIndex('users_tenant_email_unique').execute();
    await db.schema.dropIndex('users_email_account_unique').execute();
    await db.schema.alterTable('users').dropColumn('placeholder').execute();
    if (isPostgres(db)) await sql`alter table users add constraint ${sql.id(PG_EMAIL_UNIQUE)} unique (email)`.execute(db);
    else await db.schema.createIndex(SQLITE_EMAIL_UNIQUE).on('users').column('email').unique().execute();
  },
};
