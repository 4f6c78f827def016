// `npm run bench:ocpp`: 1,000 OCPP 1.6J charge points (ocpp-rpc's client, strict mode) connected to
// one built server on loopback, each sending MeterValues every 10 s (energy register, power, current
// per phase, SoC) for a minute. Prints the messages per second handled, the round trip of each call
// (p50 / p99: the server's handling on loopback), the server's CPU time per message, its memory per
// connected charger, and whether every meter value was stored (counted in the database afterwards).
// Every loop is bounded; nothing leaves 127.0.0.1.
'use strict';
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { RPCClient } = require('ocpp-rpc');
const dist = require('./dist-paths');
const { createDatabase, migrateToLatest } = require(dist.server('db'));
const { seedDemoData } = require(dist.server('demo/seed'));
const { hashPassword } = require(dist.server('identity/passwords'));
const { startBenchServer } = require('./bench-server');
const { cpuSeconds } = require('./process-cpu');
const { summary } = require('./stats');

const PORT = Number(process.env.BENCH_PORT ?? 18610);
const MQTT_PORT = Number(process.env.BENCH_MQTT_PORT ?? 18611);
const CHARGERS = Math.min(Number(process.env.BENCH_OCPP_CHARGERS ?? 1000), 5000);
const INTERVAL_MS = Number(process.env.BENCH_OCPP_INTERVAL_MS ?? 10_000);
const DURATION_MS = Math.min(Number(process.env.BENCH_OCPP_DURATION_MS ?? 60_000), 600_000);
const CONNECT_AT_ONCE = 50;
const log = (line) => process.stdout.write(`${line}\n`);

function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

function meterValue(ts, energyWh, amps, soc) {
  const sampledValue = [
    { value: String(energyWh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
    { value: String(Math.round(amps * 690)), measurand: 'Power.Active.Import', unit: 'W' },
    ...['L1', 'L2', 'L3'].map((phase) => ({ value: amps.toFixed(1), measurand: 'Current.Import', unit: 'A', phase })),
    { value: soc.toFixed(1), measurand: 'SoC', unit: 'Percent', location: 'EV' },
  ];
  return { timestamp: new Date(ts).toISOString(), sampledValue };
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
  await db.destroy();

  const server = await startBenchServer({ port: PORT, mqttPort: MQTT_PORT, dataDir, databaseUrl });
  let stopped = false;
  const stopServer = async () => {
    if (stopped) return;
    stopped = true;
    await server.stop();
  };
  const clients = [];
  try {
    const idleMiB = rssMiB(server.pid);
    const endpoint = `ws://127.0.0.1:${PORT}/ocpp`;
    for (let i = 0; i < chargers.length; i += CONNECT_AT_ONCE) {
      await Promise.all(
        chargers.slice(i, i + CONNECT_AT_ONCE).map(async (c) => {
          const client = new RPCClient({
            endpoint,
            identity: c.cpId,
            password: c.password,
            protocols: ['ocpp1.6'],
            strictMode: true,
            reconnect: false,
          });
          await client.connect();
          await client.call('BootNotification', { chargePointVendor: 'Bench', chargePointModel: 'ocpp-rpc' });
          const { transactionId } = await client.call('StartTransaction', {
            connectorId: 1,
            idTag: 'BENCH',
            meterStart: 0,
            timestamp: new Date().toISOString(),
          });
          clients.push({ ...c, client, transactionId, energyWh: 0 });
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 2000)); // let the connections settle before weighing them
    const connectedMiB = rssMiB(server.pid);
    log(`connected ${clients.length} charge points: server ${idleMiB.toFixed(1)} → ${connectedMiB.toFixed(1)} MiB`);

    const durations = [];
    let failures = 0;
    let sent = 0;
    const cpuBefore = cpuSeconds(server.pid);
    const started = performance.now();
    const deadline = Date.now() + DURATION_MS;
    await Promise.all(
      clients.map(async (c, i) => {
        // staggered over the interval, as chargers that booted at different times are
        await new Promise((r) => setTimeout(r, (i / clients.length) * INTERVAL_MS));
        let soc = 20 + (i % 50);
        while (Date.now() < deadline) {
          c.energyWh += 1150;
          soc = Math.min(100, soc + 0.2);
          const t = performance.now();
          try {
            await c.client.call('MeterValues', {
              connectorId: 1,
              transactionId: c.transactionId,
              meterValue: [meterValue(Date.now(), c.energyWh, 10 + (i % 6), soc)],
            });
            durations.push(performance.now() - t);
            sent++;
          } catch {
            failures++;
          }
          const next = Math.min(INTERVAL_MS - (performance.now() - t), deadline - Date.now());
          if (next > 0) await new Promise((r) => setTimeout(r, next));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSeconds(server.pid) - cpuBefore;
    const s = summary(durations);
    for (const c of clients) await c.client.close({ force: true }).catch(() => undefined);
    clients.length = 0;
    await stopServer();

    const check = await createDatabase(databaseUrl);
    const stored = await check
      .selectFrom('metric_samples')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('metric_key', '=', 'EnergyEvTotal')
      .where(
        'thing_name',
        'in',
        chargers.map((c) => c.thing),
      )
      .executeTakeFirstOrThrow();
    await check.destroy();
    // Each charger's StartTransaction stored its register once too.
    const storedValues = Number(stored.n) - chargers.length;

    log(`MeterValues: ${sent} answered, ${failures} failed, over ${seconds.toFixed(1)} s: ${(sent / seconds).toFixed(1)} messages/s`);
    log(`round trip: p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, max ${s.max.toFixed(1)} ms`);
    log(`server CPU: ${((cpu * 1e6) / Math.max(1, sent)).toFixed(0)} µs a message (${((cpu / seconds) * 100).toFixed(1)} % of a core)`);
    log(`memory: ${(((connectedMiB - idleMiB) * 1024) / CHARGERS).toFixed(1)} KiB per connected charger`);
    log(`stored: ${storedValues} of ${sent} meter values (${storedValues === sent ? 'all' : 'MISSING SOME'})`);
  } finally {
    for (const c of clients) await c.client.close({ force: true }).catch(() => undefined);
    await stopServer().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
