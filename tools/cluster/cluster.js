// A whole Helio EMS deployment on one machine, as production runs it scaled out: PostgreSQL (a
// dedicated database on the machine's server, or a private instance the fault tests may restart),
// the cluster's own Mosquitto, N API replicas (SIMULATOR=off), HAProxy in front of them, and the
// device simulator as a process of its own. Used by `npm run cluster`, `npm run bench:cluster` and
// `npm run reliability`; every process it starts is recorded in the state dir and stopped by stop().
'use strict';
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const dist = require('../../bench/dist-paths');
const { startProcess, stopByPidFile, stopPid, waitForHealth, listPidFiles, pidFile, isAlive, portIsFree } = require('./processes');
const { MACHINE_ADMIN_URL, ensureDatabase, privateInstance, privateInstanceDir } = require('./postgres');
const { mosquitto } = require('./mosquitto');
const { haproxy } = require('./haproxy');

const SERVER_LOGIN = 'helio-server';

/** The cluster's ports from its base: load balancer, broker, private PostgreSQL, stats, then replicas. */
function clusterPorts(basePort, replicas) {
  return {
    balancer: basePort,
    mqtt: basePort + 1,
    postgres: basePort + 2,
    haproxyStats: basePort + 3,
    mqttMetrics: basePort + 4,
    replicas: Array.from({ length: replicas }, (_, i) => basePort + 10 + i),
  };
}

/** Migrations, demo data, the simulator's gateway passwords and the broker's files, before anything starts. */
async function prepareDatabase({ databaseUrl, dataDir, serverPassword, prepare }) {
  const { createDatabase } = require(dist.server('db'));
  const { migrateToLatest } = require(dist.server('db/migrations'));
  const { seedDemoData } = require(dist.server('demo/seed'));
  const { saveSimulatorPasswords, simulatorPasswords, simulatorKeystorePath } = require(dist.server('iot/simulation/simulator-keystore'));
  const { writeMosquittoFiles } = require(dist.server('iot/mqtt/mosquitto-files'));
  const { simPlantConfig } = require(dist.server('iot/services'));
  const { resumeFromReported } = require(dist.server('iot/simulation/demo-simulator'));
  const db = await createDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    const seeded = await seedDemoData(db);
    const keystore = simulatorKeystorePath(dataDir);
    if (seeded.gatewayPasswords) await saveSimulatorPasswords(keystore, seeded.gatewayPasswords);
    const extra = prepare ? await prepare(db) : undefined;
    const plants = await db
      .selectFrom('plants')
      .select(['id', 'thing_name', 'latitude', 'longitude', 'timezone', 'pv_peak_kw', 'battery_kwh', 'charger_kw'])
      .where('simulated', '=', 1)
      .orderBy('created_at')
      .orderBy('thing_name')
      .execute();
    // A keystore from an earlier run may miss a plant or hold a rotated password: provision those.
    await simulatorPasswords(db, keystore, plants);
    const simPlants = [];
    for (const plant of plants) {
      const shadow = await db.selectFrom('shadows').select('reported').where('thing_name', '=', plant.thing_name).executeTakeFirst();
      const reported = shadow ? JSON.parse(shadow.reported) : undefined;
      simPlants.push(simPlantConfig(plant, reported ? resumeFromReported(reported) : undefined));
    }
    await writeMosquittoFiles(db, path.join(dataDir, 'mosquitto'), { username: SERVER_LOGIN, password: serverPassword });
    return { simPlants, keystore, extra };
  } finally {
    await db.destroy();
  }
}

/**
 * Starts the cluster. `database`: 'machine' (database `databaseName` on 127.0.0.1:5432) or 'private'
 * (an instance of ours in the state dir). `fresh` empties the database first. `prepare(db)` adds what
 * a bench needs before the broker's files are written. `detached` leaves the processes running after
 * this process exits (the CLI). `simulator: false` starts no simulator. `replicaNodeArgs`: node's own
 * options for the replicas (e.g. --cpu-prof, which NODE_OPTIONS does not take), or a function of the
 * replica's index answering them (an inspector port of its own).
 */
async function startCluster(options) {
  const {
    stateDir,
    basePort = 19000,
    replicas = 2,
    database = 'machine',
    databaseName = 'helio_cluster',
    fresh = false,
    simulator = true,
    simIntervalMs = 5000,
    detached = false,
    brokerMetrics = false,
    replicaEnv = {},
    replicaNodeArgs = [],
    prepare,
    log = () => {},
  } = options;
  if (replicas < 1 || replicas > 9) throw new Error('--replicas must be 1 to 9');
  const ports = clusterPorts(basePort, replicas);
  const dataDir = path.join(stateDir, 'data');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const cluster = {
    stateDir,
    ports,
    url: `http://127.0.0.1:${ports.balancer}`,
    replicaUrls: ports.replicas.map((p) => `http://127.0.0.1:${p}`),
    replicas: [],
    stop: () => stopCluster(stateDir),
  };
  try {
    for (const port of [ports.balancer, ports.mqtt, ports.haproxyStats, ...ports.replicas]) {
      if (!(await portIsFree(port))) throw new Error(`port ${port} is taken (another cluster running? npm run cluster -- --stop)`);
    }
    // Written first, so that --stop finds what a start that fails half-way leaves behind.
    fs.writeFileSync(path.join(stateDir, 'cluster.json'), JSON.stringify({ ports, database, replicas }, null, 2));
    let adminUrl = MACHINE_ADMIN_URL;
    if (database === 'private') {
      const pg = privateInstance({ dir: privateInstanceDir(stateDir, ports.postgres), port: ports.postgres });
      log(`PostgreSQL: private instance on 127.0.0.1:${ports.postgres}…`);
      await pg.init();
      await pg.start();
      cluster.postgres = pg;
      adminUrl = pg.adminUrl;
    }
    const databaseUrl = await ensureDatabase(adminUrl, databaseName, { fresh });
    cluster.databaseUrl = databaseUrl;
    log(`PostgreSQL: ${databaseUrl}`);
    const serverPassword = randomBytes(24).toString('base64url');
    const prepared = await prepareDatabase({ databaseUrl, dataDir, serverPassword, prepare });
    cluster.prepared = prepared.extra;
    fs.writeFileSync(
      path.join(stateDir, 'cluster.json'),
      JSON.stringify({ ports, database, databaseUrl, replicas, startedAt: new Date().toISOString() }, null, 2),
    );

    const broker = mosquitto({
      stateDir,
      port: ports.mqtt,
      filesDir: path.join(dataDir, 'mosquitto'),
      metricsPort: brokerMetrics ? ports.mqttMetrics : undefined,
    });
    await broker.start({ detached });
    cluster.broker = broker;
    cluster.mqttUrl = broker.url;
    log(`Mosquitto: ${broker.url}`);
    startProcess({
      stateDir,
      name: 'broker-reloader',
      command: process.execPath,
      args: [path.join(__dirname, 'broker-reloader.js'), broker.filesDir, pidFile(stateDir, 'mosquitto')],
      detached,
    });

    const replicaEnvOf = (i) => ({
      ...process.env,
      PORT: String(ports.replicas[i]),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      MQTT_URL: broker.url,
      MQTT_USERNAME: SERVER_LOGIN,
      MQTT_PASSWORD: serverPassword,
      MQTT_CLIENT_ID: `${SERVER_LOGIN}-replica-${i + 1}`,
      SIMULATOR: 'off',
      TRUST_PROXY: 'on',
      LOG_LEVEL: 'warn',
      // the scaled-out ingest: roll-ups merged by the leader's journal drain every 30 s (docs/timeseries.md)
      ROLLUP_JOURNAL_MS: process.env.ROLLUP_JOURNAL_MS ?? '30000',
      // reports wait up to 100 ms for others to share their transaction: batches of ~100 at 50,000
      // samples/s, not of 2–7 (a statement's fixed cost paid for each few reports: bench/RESULTS.md)
      REPORT_BATCH_MS: process.env.REPORT_BATCH_MS ?? '100',
      ...replicaEnv,
    });
    cluster.startReplica = async (i, healthTimeoutMs = 60_000) => {
      const proc = startProcess({
        stateDir,
        name: `replica-${i + 1}`,
        command: process.execPath,
        args: [
          ...(typeof replicaNodeArgs === 'function' ? replicaNodeArgs(i) : replicaNodeArgs),
          path.join(dist.root, 'server', 'dist', 'main.js'),
        ],
        env: replicaEnvOf(i),
        detached,
      });
      cluster.replicas[i] = { index: i, port: ports.replicas[i], url: cluster.replicaUrls[i], ...proc };
      await waitForHealth(`${cluster.replicaUrls[i]}/api/health`, healthTimeoutMs, proc);
      return cluster.replicas[i];
    };
    /** kill -9 (or another signal) of replica i; resolves when it is gone. */
    cluster.killReplica = async (i, signal = 'SIGKILL') => {
      const replica = cluster.replicas[i];
      process.kill(replica.pid, signal);
      await replica.exited;
    };
    // The first replica alone runs start-up work on an empty database; the rest follow together.
    await cluster.startReplica(0);
    await Promise.all(ports.replicas.slice(1).map((_, j) => cluster.startReplica(j + 1)));
    log(`Replicas: ${cluster.replicaUrls.join(', ')}`);

    const balancer = haproxy({ stateDir, port: ports.balancer, statsPort: ports.haproxyStats, replicaPorts: ports.replicas });
    await balancer.start({ detached });
    cluster.balancer = balancer;
    await waitForHealth(`${cluster.url}/api/health`, 20_000);
    log(`HAProxy: ${cluster.url} (stats ${balancer.statsUrl})`);

    if (simulator) {
      const plantsFile = path.join(stateDir, 'sim-plants.json');
      fs.writeFileSync(plantsFile, JSON.stringify(prepared.simPlants));
      startProcess({
        stateDir,
        name: 'simulator',
        command: process.execPath,
        args: [path.join(dist.root, 'device-simulator', 'dist', 'cli.js')],
        env: {
          ...process.env,
          MQTT_URL: broker.url,
          SIM_PLANTS_FILE: plantsFile,
          SIM_PASSWORDS_FILE: prepared.keystore,
          SIM_INTERVAL_MS: String(simIntervalMs),
        },
        detached,
      });
      log(`Simulator: ${prepared.simPlants.length} gateways reporting every ${simIntervalMs / 1000} s`);
    }
    return cluster;
  } catch (error) {
    await stopCluster(stateDir).catch(() => undefined);
    throw error;
  }
}

/** Stops every process recorded in the state dir: clients first, the database last. */
async function stopCluster(stateDir) {
  const names = listPidFiles(stateDir);
  const order = ['simulator', 'haproxy', ...names.filter((n) => n.startsWith('replica-')).sort(), 'broker-reloader', 'mosquitto'];
  const stopped = [];
  for (const name of [...order, ...names.filter((n) => !order.includes(n))]) {
    if (await stopByPidFile(stateDir, name)) stopped.push(name);
  }
  const infoFile = path.join(stateDir, 'cluster.json');
  if (fs.existsSync(infoFile)) {
    const info = JSON.parse(fs.readFileSync(infoFile, 'utf8'));
    if (info.database === 'private') {
      const pg = privateInstance({ dir: privateInstanceDir(stateDir, info.ports.postgres), port: info.ports.postgres });
      if (pg.running()) {
        await pg.stop();
        stopped.push('postgres');
      }
    }
  }
  return stopped;
}

/** The resident memory of a process in MiB (Linux /proc). */
function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

module.exports = { startCluster, stopCluster, clusterPorts, rssMiB, isAlive, stopPid, SERVER_LOGIN };
