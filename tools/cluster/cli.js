// `npm run cluster [-- --replicas N] [--private-pg] [--fresh] [--port 19000]`: starts the scaled-out
// deployment on this machine and leaves it running; `npm run cluster -- --stop` ends it. State (pid
// files, logs, the broker's files) lives in $CLUSTER_DIR (default data/cluster).
'use strict';
const path = require('node:path');
const { startCluster, stopCluster } = require('./cluster');
const dist = require('../../bench/dist-paths');

function parseArgs(argv) {
  const args = { replicas: 2, port: 19000, privatePg: false, fresh: false, stop: false, simulator: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--stop') args.stop = true;
    else if (arg === '--private-pg') args.privatePg = true;
    else if (arg === '--fresh') args.fresh = true;
    else if (arg === '--no-simulator') args.simulator = false;
    else if (arg === '--replicas') args.replicas = Number(argv[++i]);
    else if (arg === '--port') args.port = Number(argv[++i]);
    else throw new Error(`unknown option ${arg} (options: --replicas N, --port P, --private-pg, --fresh, --no-simulator, --stop)`);
  }
  if (!Number.isInteger(args.replicas) || args.replicas < 1 || args.replicas > 9) throw new Error('--replicas must be 1 to 9');
  if (!Number.isInteger(args.port) || args.port < 1024 || args.port > 65000) throw new Error('--port must be a port number');
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const stateDir = path.resolve(process.env.CLUSTER_DIR ?? path.join(dist.root, 'data', 'cluster'));
  const log = (line) => process.stdout.write(`${line}\n`);
  if (args.stop) {
    const stopped = await stopCluster(stateDir);
    log(stopped.length > 0 ? `stopped: ${stopped.join(', ')}` : `nothing running (state in ${stateDir})`);
    return;
  }
  const cluster = await startCluster({
    stateDir,
    basePort: args.port,
    replicas: args.replicas,
    database: args.privatePg ? 'private' : 'machine',
    fresh: args.fresh,
    simulator: args.simulator,
    detached: true,
    log,
  });
  const { DEMO_ACCOUNTS } = require(dist.server('demo/demo-data'));
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  log('');
  log(`  Helio EMS cluster is running: ${cluster.url}/`);
  log(`  ${args.replicas} replicas behind HAProxy (stats ${cluster.balancer.statsUrl}), Mosquitto ${cluster.mqttUrl}`);
  log(`  Logs and pid files: ${stateDir}`);
  log('  Demo accounts:');
  for (const a of DEMO_ACCOUNTS) log(`    ${a.email.padEnd(width)}  ${a.password.padEnd(22)} ${a.role}`);
  log('  Stop it with: npm run cluster -- --stop');
}

main().catch((error) => {
  process.stderr.write(`cluster: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
