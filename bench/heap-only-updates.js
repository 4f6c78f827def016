// How many of the updates every report makes stay on their page (heap-only tuples: no new index
// entry, pruned in place) on PostgreSQL, with the fillfactor of migration 058 and with the default
// full pages. `node bench/heap-only-updates.js` (after `npm run build -w server`): 2,000 gateways × 10
// reports through the server's shadow store into a scratch database on the machine's PostgreSQL
// (`BENCH_PG_ADMIN_URL`, default postgres://postgres@127.0.0.1:5432/postgres), once each way.
'use strict';
const { Client } = require('pg');
const dist = require('./dist-paths');

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'helio_bench_heap_only';
const TABLES = ['shadows', 'gateway_reports', 'metric_rollups'];
const GATEWAYS = 2000;
const ROUNDS = 10;

async function withAdmin(run) {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** Reports through the store; answers each table's updates and how many of them were heap-only. */
async function measure(fullPages) {
  await withAdmin(async (admin) => {
    await admin.query(`drop database if exists ${DATABASE}`);
    await admin.query(`create database ${DATABASE}`);
  });
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${DATABASE}`);
  const { createDatabase } = require(dist.server('db'));
  const { migrateToLatest } = require(dist.server('db/migrations'));
  const { ShadowStore } = require(dist.server('iot/shadows/shadow-store'));
  const db = await createDatabase(url);
  const stats = new Client({ connectionString: url });
  await stats.connect();
  try {
    await migrateToLatest(db);
    if (fullPages) for (const table of TABLES) await stats.query(`alter table ${table} reset (fillfactor)`);
    const store = new ShadowStore(db);
    const things = Array.from({ length: GATEWAYS }, (_, i) => `heap-only-${i}`);
    const start = Date.parse('2026-11-27T10:00:00Z');
    for (let round = 0; round < ROUNDS; round++) {
      const at = start + round * 5000;
      const report = (i) => ({ ActPwrPve: i + round, BatSoc: 50 + round, Grid: { ActPwr: round * 10 }, FirmwareVersion: '2.1.0' });
      await Promise.all(things.map((thing, i) => store.applyReported(thing, report(i), at, at)));
    }
    await db.destroy(); // its connections report their statistics as they end
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { rows } = await stats.query(
      'select relname, n_tup_upd, n_tup_hot_upd from pg_stat_user_tables where relname = any($1) order by relname',
      [TABLES],
    );
    return rows;
  } finally {
    await stats.end();
    await withAdmin((admin) => admin.query(`drop database if exists ${DATABASE}`));
  }
}

async function main() {
  console.log(`Heap-only updates on PostgreSQL: ${GATEWAYS.toLocaleString('en')} gateways × ${ROUNDS} reports through the shadow store`);
  for (const [label, fullPages] of [
    ['fillfactor of migration 058', false],
    ['full pages (fillfactor 100)', true],
  ]) {
    const rows = await measure(fullPages);
    const figures = rows.map(
      (r) => `${r.relname} ${Math.round((100 * r.n_tup_hot_upd) / Math.max(1, r.n_tup_upd))} % (${r.n_tup_hot_upd} of ${r.n_tup_upd})`,
    );
    console.log(`  ${label}: ${figures.join(', ')}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
