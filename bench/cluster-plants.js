// The cluster bench's plants part: the 10,000-plant tenant through the load balancer. Part of `npm run
// bench:cluster` (after ingest); `node bench/cluster-plants.js` runs it alone on a cluster of its own,
// whose fleet has reported once each straight into the database instead of through the broker.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const dist = require('./dist-paths');
const { fleetCallFigures } = require('./fleet-calls');
const { browserFigures } = require('./plants-table');
const { post } = require('./fleet-server');
const { ms } = require('./stats');

const thousands = (n) => Math.round(n).toLocaleString('en');

/**
 * Measures the plants calls and the table; answers the rows of the bench's results table. `db`, a
 * connected pg client of the bench's database, is first given what autovacuum would have done after
 * the bulk load: statistics and the visibility map (this machine's PostgreSQL runs with autovacuum
 * off; without statistics the planner takes 10,000-plant tables for empty ones).
 */
async function benchClusterPlants({ url, db, admin, idToken, tagName, calls, browser = true, log }) {
  const started = performance.now();
  await db.query('VACUUM ANALYZE');
  log(`  VACUUM ANALYZE, as autovacuum would have: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { rows, plants } = await fleetCallFigures({ base: url, idToken, calls, tagName, log });
  if (browser) {
    const table = await browserFigures(url, admin, tagName, plants, 3);
    log(
      `  /management/plants first page from a full load: p50 ${ms(table.render.p50)}, max ${ms(table.render.max)} (${table.render.n} loads)`,
    );
    log(`  tag filter applied: p50 ${ms(table.filter.p50)}`);
    rows.push(`| plants table first page from a full load | p50 ${ms(table.render.p50)} | ≤ 1.5 s |`);
  }
  return rows;
}

module.exports = { benchClusterPlants };

/**
 * One report per plant, as one ingest round leaves them: each plant's shadow and today's roll-ups,
 * written by the server's own shadow store, 8 plants at a time.
 */
async function reportOnce(db, plants) {
  const { ShadowStore } = require(dist.server('iot/shadows/shadow-store'));
  const { reportsFor } = require('./gateways');
  const store = new ShadowStore(db);
  const reports = reportsFor(plants, 1);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < plants.length) {
        const i = next++;
        const [report] = reports[i];
        const { state, timestamp } = JSON.parse(report.body);
        await store.applyReported(plants[i].thing_name, state.reported, timestamp, timestamp);
      }
    }),
  );
  await store.idle();
}

async function main() {
  const { startCluster, stopCluster } = require('../tools/cluster/cluster');
  const { MACHINE_ADMIN_URL } = require('../tools/cluster/postgres');
  const { DEMO_ACCOUNTS } = require(dist.server('demo/demo-data'));
  const { seedClusterFleet } = require('./cluster-fleet');
  const gateways = Math.min(Number(process.env.BENCH_CLUSTER_GATEWAYS ?? 10_000), 15_000);
  const database = process.env.BENCH_CLUSTER_DATABASE ?? 'helio_cluster_bench';
  const log = (line) => process.stdout.write(`${line}\n`);
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-cluster-plants-'));
  log(`Helio EMS cluster plants bench (PostgreSQL, 2 replicas behind HAProxy, load ${load()})`);
  let cluster;
  const db = new Client({ connectionString: `${MACHINE_ADMIN_URL.replace(/\/[^/]*$/, '')}/${database}` });
  try {
    cluster = await startCluster({
      stateDir,
      basePort: Number(process.env.BENCH_CLUSTER_PORT ?? 19020),
      replicas: 2,
      databaseName: database,
      fresh: true,
      simulator: false,
      replicaNodeArgs: dist.profileArgs(),
      prepare: async (kysely) => {
        const fleet = await seedClusterFleet(kysely, { plants: gateways });
        const started = performance.now();
        await reportOnce(kysely, fleet.plants);
        log(`  ${thousands(gateways)} plants reported once in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        return fleet;
      },
      log: (line) => log(`  ${line}`),
    });
    await db.connect();
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'owner');
    const { idToken } = await post(cluster.url, 'auth/sign-in', { username: admin.email, password: admin.password });
    log('');
    log(`Plants: the demo tenant with ${thousands(gateways)} more plants, through the load balancer…`);
    const rows = await benchClusterPlants({
      url: cluster.url,
      db,
      admin,
      idToken,
      tagName: cluster.prepared.tagName,
      calls: Number(process.env.BENCH_CLUSTER_CALLS ?? 30),
      browser: process.env.BENCH_BROWSER !== 'off',
      log,
    });
    log('');
    log(`Load average at the end: ${load()}`);
    log('| measure (cluster: PostgreSQL, 2 replicas, HAProxy) | result | target |');
    log('|---|---|---|');
    rows.forEach((row) => log(row));
  } finally {
    await db.end().catch(() => undefined);
    if (cluster) await cluster.stop();
    else await stopCluster(stateDir);
    const admin = new Client({ connectionString: MACHINE_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
