// Drops this run's PostgreSQL worker databases (its workers' parent is this process).
const { dropWorkerDatabases } = require('./pg-cleanup');

module.exports = () => dropWorkerDatabases((pid) => pid === process.pid);
