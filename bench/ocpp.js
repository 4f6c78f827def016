// `npm run bench:ocpp`: 1,000 OCPP 1.6J charge points (ocpp-rpc's client, strict mode; in a child
// process, bench/ocpp-chargers.js) connected to one server (the built server's modules, in this
// process, so its CPU and memory are this process's), each sending MeterValues every 10 s (energy
// register, power, current per phase, SoC) for a minute while the charging controller sets their
// limits. Prints the messages per second handled, the server's handling time per call (p50 / p99)
// beside the charge points' round trip, the server's CPU time per message, its memory per connected
// charger, and whether every meter value was stored (counted in the database afterwards). Every loop
// is bounded; nothing leaves 127.0.0.1.
'use strict';
const { fork } = require('node:child_process');
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const dist = require('./dist-paths');
const { countSamplesOf } = require('./stored-samples');
const { createDatabase } = require(dist.server('db'));
const { migrateToLatest } = require(dist.server('db/migrations'));
const { loadConfig } = require(dist.server('config'));
const { seedDemoData } = require(dist.server('demo/seed'));
const { startDevices } = require(dist.server('iot'));
const { buildApp } = require(dist.server('http/app'));
const { hashPassword } = require(dist.server('auth/passwords'));

const PORT = Number(process.env.BENCH_PORT ?? 18610);
const MQTT_PORT = Number(process.env.BENCH_MQTT_PORT ?? 18611);
const CHARGERS = Math.min(Number(process.env.BENCH_OCPP_CHARGERS ?? 1000), 5000);
const INTERVAL_MS = Number(process.env.BENCH_OCPP_INTERVAL_MS ?? 10_000);
const DURATION_MS = Math.min(Number(process.env.BENCH_OCPP_DURATION_MS ?? 60_000), 600_000);
const log = (line) => process.stdout.write(`${line}\n`);
const quiet = { info() {}, warn() {}, error: (...args) => process.stderr.write(`${args.join(' ')}\n`) };
const rssMiB = () => process.memoryUsage().rss / 2 ** 20;
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

function ask(child, message, answer) {
  return new Promise((resolve, reject) => {
    const onMessage = (reply) => {
      if (reply.type === 'error') reject(new Error(reply.message));
      else if (reply.type === answer) resolve(reply);
      else return;
      child.off('message', onMessage);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-ocpp-'));
  const databaseUrl = `sqlite://${path.join(dataDir, 'helio.db')}`;
  const db = await createDatabase(databaseUrl);
  await migrateToLatest(db);
  await seedDemoData(db);
  const plant = await db.selectFrom('plants').select('id').where('thing_name', '=', 'demo-brno-01').executeTakeFirstOrThrow();
  // The passwords are hashed at a low scrypt cost (the stored form carries it): sign-in is not what
  // this measures, and 1,000 production hashes would take a minute before the run.
  const chargers = [];
  const now = new Date().toISOString();
  for (let i = 0; i < CHARGERS; i++) {
    const id = randomUUID();
    const password = randomUUID().replaceAll('-', '');
    chargers.push({ id, cpId: `BENCH-${i}`, password, thing: `ocpp-${id}` });
    await db
      .withTables()
      .insertInto('chargers')
      .values({
        id,
        plant_id: plant.id,
        charge_point_id: `BENCH-${i}`,
        name: `Bench ${i}`,
        thing_name: `ocpp-${id}`,
        password_hash: await hashPassword(password, { N: 2 ** 10, r: 8, p: 1 }),
        free_charging: 1,
        created_at: now,
      })
      .execute();
  }

  const config = {
    ...loadConfig({ DATA_DIR: dataDir, PUBLIC_DIR: path.join(dataDir, 'public'), DATABASE_URL: databaseUrl }),
    port: PORT,
    mqttPort: MQTT_PORT,
    host: '127.0.0.1',
    simulator: false,
    simHistoryDays: 0,
  };
  const devices = await startDevices({ db, config, log: quiet });
  const app = await buildApp({ db, config, devices });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const child = fork(path.join(__dirname, 'ocpp-chargers.js'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const idleMiB = rssMiB();
    const { count } = await ask(child, { type: 'connect', endpoint: `ws://127.0.0.1:${PORT}/ocpp`, chargers }, 'connected');
    await new Promise((r) => setTimeout(r, 2000)); // let the connections settle before weighing them
    const connectedMiB = rssMiB();
    log(`connected ${count} charge points: server ${idleMiB.toFixed(1)} → ${connectedMiB.toFixed(1)} MiB`);

    devices.ocpp.resetHandling();
    const cpuBefore = cpuSeconds();
    const started = performance.now();
    const done = await ask(child, { type: 'go', intervalMs: INTERVAL_MS, durationMs: DURATION_MS }, 'done');
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSeconds() - cpuBefore;
    const stats = devices.ocpp.stats();
    await devices.shadows.idle();
    const stored = await countSamplesOf(
      db,
      chargers.map((c) => c.thing),
      'EnergyEvTotal',
    );
    // Each charger's StartTransaction stored its register once too.
    const storedValues = stored - chargers.length;
    const { sent, failures, roundTrip } = done;

    log(`MeterValues: ${sent} answered, ${failures} failed, over ${seconds.toFixed(1)} s: ${(sent / seconds).toFixed(1)} messages/s`);
    log(
      `server handling: p50 ${stats.handling.p50.toFixed(2)} ms, p99 ${stats.handling.p99.toFixed(2)} ms, max ${stats.handling.max.toFixed(1)} ms (${stats.handling.n} calls)`,
    );
    log(`charge points' round trip: p50 ${roundTrip.p50.toFixed(2)} ms, p99 ${roundTrip.p99.toFixed(2)} ms`);
    log(`server CPU: ${((cpu * 1e6) / Math.max(1, sent)).toFixed(0)} µs a message (${((cpu / seconds) * 100).toFixed(1)} % of a core)`);
    log(`memory: ${(((connectedMiB - idleMiB) * 1024) / count).toFixed(1)} KiB per connected charger`);
    log(`stored: ${storedValues} of ${sent} meter values (${storedValues === sent ? 'all' : 'MISSING SOME'})`);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ type: 'close' });
    await exited;
    await app.close();
    await devices.close();
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  },
);
