// 068_outbox_secrets: a mail that carries a secret (a temporary password, a reset code) says until when
// it is of use; its text is removed once it is delivered, or once that time has passed (outbox.ts).
// Mails queued before this are treated as carrying one for the longest a secret lives (7 days).
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export const outboxSecretsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('outbox').addColumn('secret_until', 'text').execute();
    const weekLater = isPostgres(db)
      ? sql`to_char((created_at::timestamptz + interval '7 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+7 days')`;
    await sql`update outbox set secret_until = ${weekLater}`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('outbox').dropColumn('secret_until').execute();
  },
};
