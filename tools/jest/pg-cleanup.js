// jest's global setup and teardown for the PostgreSQL test databases (server/src/testing/databases.ts):
// each run makes `<db>_worker_<run pid>_…` (its template, and a database per suite). Teardown drops
// this run's; setup drops those of runs whose process is gone (killed runs), never those of a run
// still going beside this one.
const net = require('node:net');

const PG_TEST_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function reachable() {
  const url = new URL(PG_TEST_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname || '127.0.0.1', port: Number(url.port || 5432), timeout: 1500 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Drops the worker databases whose run `shouldDrop(pid)` names. */
async function dropWorkerDatabases(shouldDrop) {
  if (!(await reachable())) return;
  const pg = require('pg');
  const base = new URL(PG_TEST_URL).pathname.slice(1) || 'postgres';
  const client = new pg.Client({ connectionString: PG_TEST_URL });
  await client.connect();
  try {
    const { rows } = await client.query('select datname from pg_database where datname like $1', [`${base}\\_worker\\_%`]);
    for (const { datname } of rows) {
      const match = new RegExp(`^${base}_worker_(\\d+)_`).exec(datname);
      // the older form `<db>_worker_<n>` names no run: a checkout of an earlier commit may be using it
      if (!match || !shouldDrop(Number(match[1]))) continue;
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await client.end();
  }
}

module.exports = { dropWorkerDatabases, alive, reachable, PG_TEST_URL };
