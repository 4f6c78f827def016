// The roll-up journal (issue 38, series/rollup-journal.ts): a batch's stored samples, waiting for the
// drain job to merge them into metric_rollups. A scaled-out server writes it (ROLLUP_JOURNAL_MS); rows
// live for a drain period. Frozen: no import of live code.
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export const rollupJournalMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('rollup_journal')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      // JSON of [thing, [[metric key, time, value, previous time or null], …]][]
      .addColumn('samples', 'text', (c) => c.notNull())
      .execute();
    // PostgreSQL would compress each row as it is written, only to read it once: stored as it is
    if (isPostgres(db)) await sql`alter table rollup_journal alter column samples set storage external`.execute(db);
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('rollup_journal').execute();
  },
};
