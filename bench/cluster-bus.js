// `npm run bench:bus`: the cluster bus between two replicas over PostgreSQL LISTEN/NOTIFY, in one
// process with two bus instances on their own connections: the delay from publishing a message on one
// to hearing it on the other (one at a time), and how many a burst delivers per second (packed into
// NOTIFYs under the 8000-byte limit). Needs BENCH_DATABASE_URL (a PostgreSQL database; the bench makes
// and drops a schema of its own there). Every loop is bounded; nothing leaves the database's host.
'use strict';
const pg = require('pg');
const dist = require('./dist-paths');
const { createDatabase } = require(dist.server('db'));
const { PgBus } = require(dist.server('cluster/pg-bus'));
const { summary } = require('./stats');

const URL_ = process.env.BENCH_DATABASE_URL;
const SINGLE = Math.min(Number(process.env.BENCH_BUS_SINGLE ?? 500), 10_000);
const BURST = Math.min(Number(process.env.BENCH_BUS_BURST ?? 20_000), 200_000);
const log = (line) => process.stdout.write(`${line}\n`);

async function main() {
  if (!URL_?.startsWith('postgres')) {
    log('bench:bus needs BENCH_DATABASE_URL=postgres://…');
    process.exit(1);
  }
  const schema = `bench_bus_${process.pid}`;
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  const url = new URL(URL_);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const quiet = { info() {}, warn() {}, error: (line) => log(line) };
  const dbs = [await createDatabase(url.toString()), await createDatabase(url.toString())];
  const [a, b] = [
    await PgBus.start({ db: dbs[0], url: url.toString(), log: quiet }),
    await PgBus.start({ db: dbs[1], url: url.toString(), log: quiet }),
  ];
  try {
    // One at a time: the version field carries the send time.
    const delays = [];
    let heard;
    const stop = b.subscribe('shadow', (message) => {
      delays.push(performance.now() - message.version);
      heard?.();
    });
    for (let i = 0; i < SINGLE; i++) {
      const arrived = new Promise((resolve) => (heard = resolve));
      a.publish('shadow', { thingName: `plant-${i}`, version: performance.now() });
      await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    stop();
    const s = summary(delays);
    log(
      `publish on A → heard on B, one at a time: n=${s.n}, p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, max ${s.max.toFixed(2)} ms`,
    );

    let got = 0;
    const all = new Promise((resolve) => b.subscribe('shadow', () => ++got === BURST && resolve()));
    const started = performance.now();
    for (let i = 0; i < BURST; i++) a.publish('shadow', { thingName: `plant-${i % 1000}`, version: i });
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 60_000))]);
    const ms = performance.now() - started;
    log(`burst of ${BURST}: ${got} heard on B in ${ms.toFixed(0)} ms (${Math.round((got / ms) * 1000)} messages/s)`);
  } finally {
    await a.close();
    await b.close();
    for (const db of dbs) await db.destroy();
    await admin.query(`drop schema "${schema}" cascade`);
    await admin.end();
  }
}

main().catch((error) => {
  log(String(error));
  process.exit(1);
});
