// `npm run bench:live`: 2,000 idle live streams (GET /api/live) against the built server in its own
// process on loopback, and the server's memory (resident set, from /proc) before they open, once they
// are open, after they idle for a while, and after they close. Every loop is bounded; nothing leaves
// 127.0.0.1. The server allows 8 streams per user, so the streams belong to 250 users.
'use strict';
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const dist = require('./dist-paths');
const { createDatabase } = require(dist.server('db'));
const { migrateToLatest } = require(dist.server('db/migrations'));
const { seedDemoData } = require(dist.server('demo/seed'));
const { createTokenService } = require(dist.server('auth/tokens'));
const { startBenchServer } = require('./bench-server');

const PORT = Number(process.env.BENCH_PORT ?? 18500);
const MQTT_PORT = Number(process.env.BENCH_MQTT_PORT ?? 18501);
const STREAMS = Math.min(Number(process.env.BENCH_LIVE_STREAMS ?? 2000), 5000);
const PER_USER = 8;
const IDLE_MS = Math.min(Number(process.env.BENCH_LIVE_IDLE_MS ?? 30_000), 300_000);
const THING = 'demo-brno-01';
const log = (line) => process.stdout.write(`${line}\n`);

/** Resident memory of a process in MiB, from /proc (Linux). */
function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kib / 1024;
}

function openStream(token) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port: PORT, path: `/api/live?things=${THING}`, headers: { authorization: `Bearer ${token}` }, agent: false },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode, close: () => response.destroy() });
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error('timed out')));
    request.on('error', reject);
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-live-'));
  const databaseUrl = `sqlite://${path.join(dataDir, 'helio.db')}`;
  const db = await createDatabase(databaseUrl);
  await migrateToLatest(db);
  await seedDemoData(db);
  const tenant = await db.selectFrom('tenants').select('id').where('name', '=', 'Helio Demo').executeTakeFirstOrThrow();
  const users = Math.ceil(STREAMS / PER_USER);
  const tokens = await createTokenService(db);
  const now = new Date().toISOString();
  const idTokens = [];
  for (let i = 0; i < users; i++) {
    const id = randomUUID();
    const email = `bench-live-${i}@helio.test`;
    await db
      .insertInto('users')
      .values({
        id,
        tenant_id: tenant.id,
        email,
        name: 'Bench',
        family_name: `Live ${i}`,
        picture: null,
        password_hash: 'scrypt$none',
        role: 'owner',
        custom_role_id: null,
        modules: JSON.stringify(['monitoring']),
        locale: 'en',
        preferences: '{}',
        status: 'active',
        created_at: now,
      })
      .execute();
    idTokens.push((await tokens.issue({ id, email, tenantId: tenant.id })).idToken);
  }
  await db.destroy();

  const server = await startBenchServer({ port: PORT, mqttPort: MQTT_PORT, dataDir, databaseUrl });
  const streams = [];
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000)); // start-up work settles
    const before = rssMiB(server.pid);
    log(`Live streams: ${STREAMS} idle streams of ${users} users on ${THING} (${os.cpus().length} cores)`);
    log(`  server memory before:        ${before.toFixed(1)} MiB`);
    const started = performance.now();
    for (let i = 0; i < STREAMS; i += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, STREAMS - i) }, (_, j) => openStream(idTokens[Math.floor((i + j) / PER_USER)])),
      );
      streams.push(...batch);
    }
    const refused = streams.filter((s) => s.status !== 200).length;
    const open = performance.now() - started;
    const opened = rssMiB(server.pid);
    log(
      `  opened in ${(open / 1000).toFixed(1)} s (${refused} refused); server memory: ${opened.toFixed(1)} MiB (+${(opened - before).toFixed(1)} MiB, ${(((opened - before) * 1024) / STREAMS).toFixed(1)} KiB a stream)`,
    );
    const extra = await openStream(idTokens[0]);
    extra.close();
    log(`  a ${PER_USER + 1}th stream of one user answers ${extra.status}`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idle = rssMiB(server.pid);
    log(
      `  after ${IDLE_MS / 1000} s idle:           ${idle.toFixed(1)} MiB (${idle - opened >= 0 ? '+' : ''}${(idle - opened).toFixed(1)} MiB)`,
    );
    for (const stream of streams.splice(0)) stream.close();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    log(`  after closing them all:      ${rssMiB(server.pid).toFixed(1)} MiB`);
  } finally {
    for (const stream of streams) stream.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
