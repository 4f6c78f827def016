// What a PostgreSQL ingest leaves in its busiest tables: their size on disk, live and dead rows, and the
// vacuums they had (autovacuum's, or the leader's own when autovacuum is off: server/src/db/table-vacuum.ts).
// A long run's CPU rises when the rows every report rewrites spread over more and more pages.
'use strict';

const BUSIEST = ['shadows', 'gateway_reports', 'metric_reports', 'metric_rollups', 'rollup_journal'];

/** The busiest tables now, and whether the server runs autovacuum (a pg Client of the bench's database). */
async function busiestTables(db) {
  const autovacuum = (await db.query(`select current_setting('autovacuum') as on`)).rows[0].on === 'on';
  const { rows } = await db.query(
    `select relname as name, pg_total_relation_size(relid)::bigint as bytes, n_live_tup as live, n_dead_tup as dead,
       vacuum_count + autovacuum_count as vacuums
     from pg_stat_user_tables where schemaname = current_schema() and relname = any($1)`,
    [BUSIEST],
  );
  const tables = rows
    .map((r) => ({ name: r.name, bytes: Number(r.bytes), live: Number(r.live), dead: Number(r.dead), vacuums: Number(r.vacuums) }))
    .sort((a, b) => BUSIEST.indexOf(a.name) - BUSIEST.indexOf(b.name));
  return { autovacuum, tables };
}

/** One line: each table's size (and how it changed since `before`), its rows and its vacuums. */
function describeTables(before, after) {
  const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
  const parts = after.tables.map((t) => {
    const was = before.tables.find((b) => b.name === t.name);
    const grew = was ? ` (was ${mb(was.bytes)})` : '';
    const vacuums = was ? t.vacuums - was.vacuums : t.vacuums;
    return `${t.name} ${mb(t.bytes)}${grew}, ${t.live.toLocaleString('en-US')} live / ${t.dead.toLocaleString('en-US')} dead rows, vacuumed ${vacuums}×`;
  });
  return `PostgreSQL's autovacuum ${after.autovacuum ? 'on' : 'off'}; ${parts.join('; ')}`;
}

module.exports = { busiestTables, describeTables };
