// `npm run bench`: ingest through MQTT, time-series query latency on a year of 5-minute data, shadow
// reads under concurrent load, the plants table at 1,000 plants (bench/plants-table.js) and remote
// control's fleet command and change round trip (bench/remote-control.js), against
// the built server in its own process on loopback; then the browser figures in headless Chromium
// (bench/browser.js; BENCH_BROWSER=off skips them) and bytes a sample at rest (Helio's packed blocks
// beside VictoriaMetrics, bench/series-bytes.js), and analytics at 1,000 plants (bench/analytics.js).
// BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (the database is emptied first: use a scratch one).
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const zlib = require('node:zlib');
const os = require('node:os');
const path = require('node:path');
const dist = require('./dist-paths');
const { createDatabase } = require(dist.server('db'));
const { DEMO_ACCOUNTS } = require(dist.server('demo/demo-data'));
const { prepare } = require('./setup');
const { ingest } = require('./ingest');
const { browserBench } = require('./browser');
const { cpuMeter } = require('./process-cpu');
const { load, ms, summary } = require('./stats');
const { benchPlantsTable } = require('./plants-table');
const { benchForecasts } = require('./forecast');
const { benchIntegrations } = require('./integrations');
const { benchRemoteControl } = require('./remote-control');
const { benchAnalytics } = require('./analytics');
const { benchEv } = require('./ev');
const { startBenchServer } = require('./bench-server');
const { packedAtRest } = require('./series-bytes');

const PORT = Number(process.env.BENCH_PORT ?? 18500);
const MQTT_PORT = Number(process.env.BENCH_MQTT_PORT ?? 18851);
const BASE = `http://127.0.0.1:${PORT}`;
const HISTORY_THING = 'demo-brno-01';
const QUERIES = Number(process.env.BENCH_QUERIES ?? 100);
const log = (line) => process.stdout.write(`${line}\n`);

async function post(apiPath, body, token) {
  const response = await fetch(`${BASE}/api/${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text) };
}

// The same POST through node:http with keep-alive (gzip accepted and unpacked, as fetch does): fetch
// costs its caller about 1 ms of CPU a request here, so 32 fetch loops on the server's own 2 cores
// measure the client more than the server.
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });
function lightPost(apiPath, body, token) {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: `/api/${apiPath}`,
        method: 'POST',
        agent: keepAlive,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'accept-encoding': 'gzip',
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const text = (response.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(bytes) : bytes).toString();
          resolve({ status: response.statusCode, text });
        });
        response.on('error', () => resolve({ status: 0, text: '' }));
      },
    );
    request.on('error', () => resolve({ status: 0, text: '' }));
    request.end(payload);
  });
}

async function timed(count, call) {
  const durations = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const { status } = await call();
    if (status !== 200) throw new Error(`answered ${status}`);
    durations.push(performance.now() - t);
  }
  return summary(durations);
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite://${path.join(dataDir, 'helio.db')}`;
  const days = Number(process.env.BENCH_HISTORY_DAYS ?? 365);
  log(`Helio EMS benchmarks (${databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}, ${os.cpus().length} cores)`);
  log(`Preparing: demo data, 50 gateways, ${days} days of 5-minute history for ${HISTORY_THING}…`);
  const setup = await prepare({ databaseUrl, gateways: 50, historyDays: days, historyThing: HISTORY_THING, log });
  log(
    `  ${setup.historySamples} samples with roll-ups in ${setup.historySeconds.toFixed(1)} s (${Math.round(setup.historySamples / setup.historySeconds)} samples/s in bulk)`,
  );

  const server = await startBenchServer({
    port: PORT,
    mqttPort: MQTT_PORT,
    dataDir,
    databaseUrl,
    // keep the whole year raw: the start-up prune would otherwise run during the ingest measurement
    env: { RAW_RETENTION_DAYS: '400' },
  });
  const db = await createDatabase(databaseUrl);
  try {
    log('Ingest: 50 gateways × 120 reports through the MQTT broker into storage…');
    const ing = await ingest({
      db,
      mqttUrl: `mqtt://127.0.0.1:${MQTT_PORT}`,
      plant: setup.plant,
      gatewayThings: setup.gatewayThings,
      gatewayPasswords: setup.gatewayPasswords,
      reportsPerGateway: 120,
      timeoutMs: 120_000,
    });
    log(
      `  ${ing.stored} of ${ing.published} samples stored in ${ing.seconds.toFixed(1)} s: ${Math.round(ing.perSecond)} samples/s, lost ${ing.lost}`,
    );

    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'owner');
    const signIn = await post('auth/sign-in', { username: admin.email, password: admin.password });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${JSON.stringify(signIn.json())}`);
    const { idToken } = signIn.json();
    const pgParams = (startTime, endTime, granularity) => ({
      pgParams: {
        tenantId: setup.plant.tenant_id,
        gatewayId: setup.plant.thing_name,
        plantId: setup.plant.id,
        startTime,
        endTime,
        granularity,
      },
    });
    const now = Date.now() - (Date.now() % 60_000);
    const iso = (t) => new Date(t).toISOString();
    const year = pgParams(iso(now - 365 * 86_400_000), iso(now), '1h');
    // "A week at 1 minute" is 10,080 buckets, past the API's 10,000: the largest range it answers (6.9 days).
    const week = pgParams(iso(now - 10_000 * 60_000), iso(now), '1m');
    const rows = async (body) => {
      const answer = await post('metric/time-series', body, idToken);
      if (answer.status !== 200) throw new Error(`metric/time-series answered ${answer.status}: ${JSON.stringify(answer.json())}`);
      return answer.json().rows.length;
    };
    log(
      `Time series (default keys ActPwrPve and OperMode): a year at 1h is ${await rows(year)} rows, 10,000 minutes at 1m ${await rows(week)} rows`,
    );
    await timed(10, () => post('metric/time-series', year, idToken));
    const yearly = await timed(QUERIES, () => post('metric/time-series', year, idToken));
    await timed(5, () => post('metric/time-series', week, idToken));
    const weekly = await timed(QUERIES, () => post('metric/time-series', week, idToken));
    log(`  year at 1h:  p50 ${ms(yearly.p50)}, p99 ${ms(yearly.p99)} (${yearly.n} requests)`);
    log(`  10,000 minutes (6.9 days) at 1m:  p50 ${ms(weekly.p50)}, p99 ${ms(weekly.p99)} (${weekly.n} requests)`);

    log('Shadow reads: 32 concurrent clients for 10 s…');
    // the server's CPU time per read: on a shared machine the rate measures the machine as much as the code
    const serverCpu = () => {
      const meter = cpuMeter([server.pid]);
      return (perSecond) => `${((meter.share()[0] * 1e6) / perSecond).toFixed(0)} µs of server CPU a read`;
    };
    const readsCpu = serverCpu();
    const reads = await load({
      workers: 32,
      durationMs: 10_000,
      maxCalls: 200_000,
      call: async () => (await post('iot/thing/shadow', { thingName: HISTORY_THING }, idToken)).status === 200,
    });
    log(
      `  ${Math.round(reads.perSecond)} reads/s, p50 ${ms(reads.p50)}, p99 ${ms(reads.p99)}, ${reads.failures} failed (${reads.n} requests), ${readsCpu(reads.perSecond)}`,
    );
    log('Shadow reads: 32 concurrent clients for 10 s through node:http with keep-alive…');
    const lightCpu = serverCpu();
    const lightReads = await load({
      workers: 32,
      durationMs: 10_000,
      maxCalls: 200_000,
      call: async () => {
        const { status, text } = await lightPost('iot/thing/shadow', { thingName: HISTORY_THING }, idToken);
        return status === 200 && JSON.parse(text).version > 0;
      },
    });
    log(
      `  ${Math.round(lightReads.perSecond)} reads/s, p50 ${ms(lightReads.p50)}, p99 ${ms(lightReads.p99)}, ${lightReads.failures} failed (${lightReads.n} requests), ${lightCpu(lightReads.perSecond)}`,
    );

    const browserRows =
      process.env.BENCH_BROWSER === 'off'
        ? []
        : await browserBench({ base: BASE, mqttUrl: `mqtt://127.0.0.1:${MQTT_PORT}`, admin, plant: setup.plant, token: idToken, log });

    // last: packing what the server has not packed yet is CPU the other figures should not share
    log('Bytes a sample at rest: every closed hour packed, beside VictoriaMetrics for the same samples…');
    const atRest = await packedAtRest(db, Date.now());
    const vmBytes = atRest.vm.skipped ? `skipped (${atRest.vm.skipped})` : `${atRest.vm.perSample.toFixed(2)} bytes a sample`;
    log(
      `  Helio ${atRest.helio.toFixed(2)} bytes a sample (${atRest.packed} samples packed), VictoriaMetrics ${vmBytes} (${atRest.samples} samples)`,
    );

    log('');
    log('| measure | result | target |');
    log('|---|---|---|');
    log(`| ingest through MQTT (50 gateways) | ${Math.round(ing.perSecond)} samples/s, ${ing.lost} lost | ≥ 5,000 samples/s, 0 lost |`);
    log(`| metric/time-series, a year at 1h | p50 ${ms(yearly.p50)}, p99 ${ms(yearly.p99)} | p50 ≤ 20 ms |`);
    log(`| metric/time-series, 10,000 minutes (6.9 days) at 1m | p50 ${ms(weekly.p50)}, p99 ${ms(weekly.p99)} | — |`);
    log(`| shadow reads, 32 concurrent (fetch) | ${Math.round(reads.perSecond)}/s, p99 ${ms(reads.p99)} | ≥ 3,000/s at p99 ≤ 25 ms |`);
    log(
      `| shadow reads, 32 concurrent (node:http keep-alive) | ${Math.round(lightReads.perSecond)}/s, p99 ${ms(lightReads.p99)} | ≥ 3,000/s at p99 ≤ 25 ms |`,
    );
    log(`| history written in bulk | ${Math.round(setup.historySamples / setup.historySeconds)} samples/s | — |`);
    log(
      `| bytes a sample at rest (${days} days of 5-minute history, packed) | Helio ${atRest.helio.toFixed(2)}, VictoriaMetrics ${atRest.vm.skipped ? 'skipped' : atRest.vm.perSample.toFixed(2)} | ≤ 2 (issue 38) |`,
    );
    browserRows.forEach(log);
    if (ing.lost !== 0 || reads.failures !== 0 || lightReads.failures !== 0) process.exitCode = 1;
  } finally {
    await server.stop();
    await db.destroy();
    if (!process.env.BENCH_DATABASE_URL) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // On the same ports, now free, with a data dir of its own.
  const fleetRows = await benchPlantsTable({ port: PORT, mqttPort: MQTT_PORT, log });
  for (const row of fleetRows) log(row);
  const forecastRows = await benchForecasts({ port: PORT, mqttPort: MQTT_PORT, log });
  for (const row of forecastRows) log(row);
  for (const row of await benchIntegrations({ log })) log(row);
  // Then remote control, again on the same ports with a data dir of its own.
  const rcRows = await benchRemoteControl({ port: PORT, mqttPort: MQTT_PORT, log });
  for (const row of rcRows) log(row);
  const analyticsRows = await benchAnalytics({ port: PORT, mqttPort: MQTT_PORT, log });
  for (const row of analyticsRows) log(row);
  for (const row of await benchEv({ log })) log(row);
}

// `npm run bench -- --cluster`: the scaled-out figures instead (bench/cluster.js, as `npm run bench:cluster`).
if (process.argv.includes('--cluster')) require('./cluster');
else
  main().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
