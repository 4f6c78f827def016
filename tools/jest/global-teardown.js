// Drops this run's PostgreSQL databases and SQLite templates (server/src/testing/databases.ts).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { dropWorkerDatabases } = require('./pg-cleanup');

module.exports = async () => {
  const prefix = `helio-test-template-${process.pid}-`;
  for (const file of fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(prefix)))
    fs.rmSync(path.join(os.tmpdir(), file), { force: true });
  await dropWorkerDatabases((pid) => pid === process.pid);
};
