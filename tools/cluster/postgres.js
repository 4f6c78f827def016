// PostgreSQL for the cluster: a dedicated database on the machine's server (never restarted by us),
// or a private instance (initdb + pg_ctl in the state dir on a port of ours) that the fault tests may
// stop and start.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { run, portIsFree } = require('./processes');

const MACHINE_ADMIN_URL = process.env.CLUSTER_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Creates database `name` on the server of `adminUrl` (dropped first when `fresh`); answers its URL. */
async function ensureDatabase(adminUrl, name, { fresh }) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    if (fresh) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return withDatabase(adminUrl, name);
}

function postgresBin(tool) {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const file = path.join(base, v, 'bin', tool);
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`${tool} not found under ${base}/*/bin: install Debian's postgresql package (apt-get install -y postgresql)`);
}

// initdb and postgres refuse to run as root: as root, the instance belongs to the postgres user.
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
function runAsOwner(tool, args) {
  return asRoot ? run('runuser', ['-u', 'postgres', '--', postgresBin(tool), ...args]) : run(postgresBin(tool), args);
}

/** A private PostgreSQL instance in `dir` listening on 127.0.0.1:port (its socket in the dir too). */
function privateInstance({ dir, port }) {
  const dataDir = path.join(dir, 'pgdata');
  const logFile = path.join(dir, 'postgres.log');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const ctl = (...args) => runAsOwner('pg_ctl', ['-D', dataDir, ...args]);
  const instance = {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    async init() {
      if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
      fs.mkdirSync(dir, { recursive: true });
      if (asRoot) run('chown', ['postgres', dir]);
      runAsOwner('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
    },
    running() {
      try {
        ctl('status');
        return true;
      } catch {
        return false;
      }
    },
    async start() {
      if (instance.running()) return;
      if (!(await portIsFree(port))) throw new Error(`port ${port} is taken: the private PostgreSQL cannot listen there`);
      ctl('start', '-w', '-t', '60', '-l', logFile, '-o', options);
    },
    /** Fast shutdown: open connections are cut, as in a failover or a crash of the database host. */
    async stop() {
      if (instance.running()) ctl('stop', '-w', '-t', '60', '-m', 'fast');
    },
    pid() {
      const file = path.join(dataDir, 'postmaster.pid');
      return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : undefined;
    },
  };
  return instance;
}

/**
 * Where a private instance lives: in the state dir, or as root (when the postgres user runs it, and
 * may not pass through the caller's private directories) in its own directory under the temp dir.
 */
function privateInstanceDir(stateDir, port) {
  return asRoot ? path.join(os.tmpdir(), `helio-cluster-pg-${port}`) : path.join(stateDir, 'postgres');
}

module.exports = { MACHINE_ADMIN_URL, ensureDatabase, privateInstance, privateInstanceDir, withDatabase };
