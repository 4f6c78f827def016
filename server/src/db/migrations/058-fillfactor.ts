// 058_fillfactor: room on PostgreSQL's pages for the rows every report rewrites (the shadow, its
// gateway report, its hour, day and month roll-ups). An update whose new version fits on the same page
// and changes no indexed column is a heap-only tuple: no index entries are written and the old version
// is pruned in place. Full pages (the default fillfactor of 100) make every update of them write the
// primary key's index again and leave work for vacuum. Pages written before keep their fill until the
// table is rewritten (VACUUM FULL). SQLite has no such setting.
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Per cent of each page filled by inserts; shadows are kilobytes a row, so they get the most room. */
export const FILLFACTORS = { shadows: 50, gateway_reports: 70, metric_rollups: 70 } as const;

export const fillfactorMigration: Required<Migration> = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (!isPostgres(db)) return;
    for (const [table, percent] of Object.entries(FILLFACTORS)) {
      await sql`alter table ${sql.table(table)} set (fillfactor = ${sql.lit(percent)})`.execute(db);
    }
  },

  async down(db: Kysely<unknown>): Promise<void> {
    if (!isPostgres(db)) return;
    for (const table of Object.keys(FILLFACTORS)) await sql`alter table ${sql.table(table)} reset (fillfactor)`.execute(db);
  },
};
