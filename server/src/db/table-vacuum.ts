// Vacuuming the server's tables when PostgreSQL's autovacuum is off. Every shadow update, roll-up
// merge, drained journal row and packed report row leaves a dead row version behind, and only VACUUM
// makes its room reusable. Autovacuum does that unless an operator turned it off, as this project's
// CI machine does (`autovacuum = off`). In the cluster bench there (50,000 samples/s), the 10,000-row
// shadows table then grew by 55 MB a minute (322 MB after 6 minutes), and every report's pages were
// spread over ever more of the buffer cache.
//
// So when autovacuum is off the leader does what autovacuum would do with its default thresholds.
// Every minute it vacuums and analyses each table in the server's schema whose dead rows pass 50 +
// 20 % of its live rows, one table at a time, and analyses a table whose rows changed since its last
// analysis pass 50 + 10 %. It leaves out autovacuum's vacuum after inserts. The tables that only get
// inserts are either short-lived (report rows, deleted as they are packed) or history that is read by
// key and never by an index-only scan, and freezing old rows is PostgreSQL's anti-wraparound vacuum,
// which runs even with autovacuum off. VACUUM_WHEN_AUTOVACUUM_OFF=false leaves all of it to an
// operator who vacuums on a schedule of their own.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import { isPostgres } from './dialect';
import { startLeaderJob } from '../jobs/leader-job';

export const TABLE_VACUUM_JOB = 'table-vacuum';
/** How often the leader looks at the tables' dead rows (autovacuum's own default naptime). */
export const TABLE_VACUUM_EVERY_MS = 60_000;

/** What PostgreSQL's statistics tell of a table (pg_stat_user_tables). */
export interface TableActivity {
  table: string;
  liveRows: number;
  deadRows: number;
  changedSinceAnalyze: number;
}

export interface TableUpkeep {
  table: string;
  /** VACUUM (ANALYZE) when true; ANALYZE alone otherwise. */
  vacuum: boolean;
}

/** Autovacuum's default thresholds (autovacuum_vacuum_threshold and scale factor, and analyze's). */
const VACUUM_BASE = 50;
const VACUUM_SHARE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SHARE = 0.1;

const vacuumDue = (t: TableActivity) => t.deadRows > VACUUM_BASE + VACUUM_SHARE * t.liveRows;
const analyzeDue = (t: TableActivity) => t.changedSinceAnalyze > ANALYZE_BASE + ANALYZE_SHARE * t.liveRows;

/** The tables that autovacuum, with its defaults, would vacuum or analyse now; the most dead rows first. */
export function tablesDue(tables: readonly TableActivity[]): TableUpkeep[] {
  return tables
    .filter((t) => vacuumDue(t) || analyzeDue(t))
    .sort((a, b) => b.deadRows - a.deadRows)
    .map((t) => ({ table: t.table, vacuum: vacuumDue(t) }));
}

/** Whether the PostgreSQL server runs autovacuum (a setting its operator may have turned off). */
export async function autovacuumRuns(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ on: string }>`select current_setting('autovacuum') as on`.execute(db);
  return rows[0]?.on === 'on';
}

async function tableActivity(db: Kysely<Database>): Promise<TableActivity[]> {
  const { rows } = await sql<{ relname: string; live: string; dead: string; changed: string }>`
    select relname, n_live_tup as live, n_dead_tup as dead, n_mod_since_analyze as changed
    from pg_stat_user_tables where schemaname = current_schema()`.execute(db);
  return rows.map((r) => ({
    table: r.relname,
    liveRows: Number(r.live),
    deadRows: Number(r.dead),
    changedSinceAnalyze: Number(r.changed),
  }));
}

/** Vacuums (or analyses) the tables due, one after the other, outside any transaction (VACUUM cannot run in one). */
async function upkeepTablesDue(db: Kysely<Database>): Promise<TableUpkeep[]> {
  const due = tablesDue(await tableActivity(db));
  for (const { table, vacuum } of due) {
    await (vacuum ? sql`vacuum (analyze) ${sql.table(table)}` : sql`analyze ${sql.table(table)}`).execute(db);
  }
  return due;
}

/** One turn: the tables due, when the database is PostgreSQL and autovacuum does not run. Answers what was done. */
export async function vacuumTablesDue(db: Kysely<Database>, autovacuum = autovacuumRuns): Promise<TableUpkeep[]> {
  return !isPostgres(db) || (await autovacuum(db)) ? [] : upkeepTablesDue(db);
}

/** The leader job (PostgreSQL only: SQLite reuses a deleted row's room by itself). */
export function startTableVacuum(opts: {
  db: Kysely<Database>;
  log: { warn(message: string): void; error(message: string): void };
  leaseTtlMs?: number;
  holder?: string;
}): { stop(options?: { release?: boolean }): Promise<void> } {
  if (!isPostgres(opts.db)) return { stop: async () => undefined };
  let warned = false;
  const job = startLeaderJob({
    db: opts.db,
    name: TABLE_VACUUM_JOB,
    everyMs: TABLE_VACUUM_EVERY_MS,
    ttlMs: opts.leaseTtlMs,
    holder: opts.holder,
    log: opts.log,
    work: async () => {
      try {
        const off = !(await autovacuumRuns(opts.db));
        if (off && !warned) {
          warned = true;
          opts.log.warn("database: PostgreSQL's autovacuum is off; the leader vacuums Helio's tables itself (docs/deployment.md)");
        }
        if (off) await upkeepTablesDue(opts.db);
      } catch (error) {
        opts.log.error(`database: vacuuming the tables failed: ${String(error)}`);
      }
    },
  });
  return { stop: (options) => job.stop(options) };
}
