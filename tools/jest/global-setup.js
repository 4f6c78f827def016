// Names this run for the test databases (server/src/testing/databases.ts; the workers inherit the
// variables), says once whether the PostgreSQL suites run, and drops the PostgreSQL databases of
// earlier runs that were killed before their teardown.
const { dropWorkerDatabases, alive, reachable, PG_TEST_URL } = require('./pg-cleanup');

module.exports = async () => {
  process.env.HELIO_TEST_RUN = String(process.pid);
  const postgres = await reachable();
  process.env.HELIO_TEST_PG = postgres ? 'on' : 'off';
  if (!postgres) process.stderr.write(`\nPostgreSQL not reachable at ${PG_TEST_URL}: the PostgreSQL suites are SKIPPED\n`);
  else await dropWorkerDatabases((pid) => pid !== process.pid && !alive(pid));
};
