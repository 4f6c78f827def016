// Names this run for the PostgreSQL worker databases (server/src/testing/databases.ts; the workers
// inherit the variable) and drops those of earlier runs that were killed before their teardown.
const { dropWorkerDatabases, alive } = require('./pg-cleanup');

module.exports = async () => {
  process.env.HELIO_TEST_RUN = String(process.pid);
  await dropWorkerDatabases((pid) => pid !== process.pid && !alive(pid));
};
