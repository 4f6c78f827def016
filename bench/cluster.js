// `npm run bench:cluster` (or `npm run bench -- --cluster`): the scaled-out figures on PostgreSQL with
// two replicas behind HAProxy (tools/cluster): ingest of BENCH_CLUSTER_GATEWAYS (10,000) gateways,
// each publishing one report every ~4.8 s (BENCH_CLUSTER_RATE, 50,000 samples/s in all, the issue's
// load) for BENCH_CLUSTER_ROUNDS (6) rounds through the cluster's
// Mosquitto into PostgreSQL (stored samples per second, lost, and how many copies of each report
// the broker sent the replicas); a live fleet's closed hour at rest (bytes a sample beside
// VictoriaMetrics', bench/fleet-packing.js, in a second scratch database); then the tenant of those 10,000 plants: hono/plants/find and
// plant/fleet/summary through the load balancer, the plants table's first page in Chromium from a
// full load; and, once the replicas are quiet, shadow reads through the load balancer with wrk, with
// the CPU each part spends per read. BENCH_CLUSTER_ONLY=reads runs only the reads, on a small fleet;
// BENCH_CLUSTER_ONLY=ingest only the ingest.
// Ports 19020–19039; the machine's PostgreSQL gets scratch databases `helio_cluster_bench` and
// `helio_cluster_bench_fleet` (dropped at the end).
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { startCluster } = require('../tools/cluster/cluster');
const { MACHINE_ADMIN_URL, ensureDatabase } = require('../tools/cluster/postgres');
const { waitForHealth, pidFile } = require('../tools/cluster/processes');
const dist = require('./dist-paths');
const { DEMO_ACCOUNTS } = require(dist.server('demo/demo-data'));
const { seedClusterFleet } = require('./cluster-fleet');
const { reportsFor, liveFleet, connectGateways, closeGateways, publishRound } = require('./gateways');
const { brokerMetrics } = require('./broker-metrics');
const { benchClusterPlants } = require('./cluster-plants');
const { post } = require('./fleet-server');
const { wrkPost } = require('./wrk');
const gcTrace = require('./gc-trace');
const { ms } = require('./stats');
const { countStoredSamples, pgQuery } = require('./stored-samples');
const { fleetPacking } = require('./fleet-packing');
const { busiestTables, describeTables } = require('./pg-tables');
const { createDatabase } = require(dist.server('db'));
const { migrateToLatest } = require(dist.server('db/migrations'));
const { PACK_AFTER_MS } = require(dist.server('series/series-packer'));
const { blockStart } = require(dist.server('series/stored-samples'));
const { cpuMeter, cpuSeconds, untilQuiet, machineBusySeconds, mainThreadSchedule } = require('./process-cpu');

const BASE_PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 19020);
// BENCH_CLUSTER_ONLY=reads: only the shadow reads, on a small fleet that reported once (a minute, not
// fifteen: for trying a change to the read path).
const READS_ONLY = process.env.BENCH_CLUSTER_ONLY === 'reads';
// BENCH_CLUSTER_ONLY=ingest: only the ingest (for trying a change to the write path, with BENCH_SERVER_PROFILE).
const INGEST_ONLY = process.env.BENCH_CLUSTER_ONLY === 'ingest';
if (process.env.BENCH_CLUSTER_ONLY !== undefined && !READS_ONLY && !INGEST_ONLY) {
  throw new Error('BENCH_CLUSTER_ONLY takes "reads" or "ingest"');
}
const GATEWAYS = Math.min(Number(process.env.BENCH_CLUSTER_GATEWAYS ?? (READS_ONLY ? 200 : 10_000)), 15_000);
// BENCH_CLUSTER_MINUTES: a sustained ingest of that many minutes (at most 60) instead of ROUNDS, each
// round's reports made as it is sent, the backlog probed every 30 s (issue 38: "backlog flat over 10 minutes").
const SUSTAINED_MS = process.env.BENCH_CLUSTER_MINUTES ? Math.min(Number(process.env.BENCH_CLUSTER_MINUTES), 60) * 60_000 : undefined;
const BACKLOG_PROBE_MS = 30_000;
const ROUNDS = Math.min(Number(process.env.BENCH_CLUSTER_ROUNDS ?? (READS_ONLY ? 1 : 6)), 24);
const REPLICAS = Number(process.env.BENCH_CLUSTER_REPLICAS ?? 2);
const CALLS = Number(process.env.BENCH_CLUSTER_CALLS ?? 30);
// BENCH_CLUSTER_RATE: the samples a second the fleet offers (issue 38's 50,000 unless told).
const RATE = Number(process.env.BENCH_CLUSTER_RATE ?? 50_000);
// BENCH_CLUSTER_DATABASE: another scratch database, so two checkouts can bench at once (with BENCH_CLUSTER_PORT).
const DATABASE = process.env.BENCH_CLUSTER_DATABASE ?? 'helio_cluster_bench';
const log = (line) => process.stdout.write(`${line}\n`);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const thousands = (n) => Math.round(n).toLocaleString('en');
const percentOfCore = (share) => `${Math.round(share * 100)} %`;

/** Raw and packed (stored-samples.js): a bench past the packing horizon would otherwise count packed samples as lost. */
async function storedSamples(db, prefix) {
  return countStoredSamples(pgQuery(db), `${prefix}-%`);
}

/** Batches whose samples' roll-ups the leader has yet to merge (series/rollup-journal.ts). */
async function journalRows(db) {
  const { rows } = await db.query('select count(*)::int as n from rollup_journal');
  return rows[0].n;
}

/**
 * The backlog at a moment of a sustained ingest: how far behind the clock the newest stored sample of
 * every 100th gateway is, on average (a report's samples are stored in one transaction; its time is a
 * step or two behind the clock as it is sent), and the roll-up journal's batches the leader has yet to
 * merge. (Mosquitto's $SYS received and sent counts do not show it: they stay equal while the
 * reports wait in its message store, store/messages/count, up to 15,750 in 3 minutes at 50,000/s.)
 */
async function backlogNow(db, things, seconds) {
  const probed = things.filter((_, i) => i % 100 === 0);
  const newest = await db.query(
    `select avg(greatest(
       (select max(ts) from metric_samples s where s.thing_name = t and s.metric_key = 'ActPwrGrid'),
       (select max(ts) from metric_reports r where r.thing_name = t and strpos(r.metric_keys, E'\\nActPwrGrid\\n') > 0)))::float8 as ts
     from unnest($1::text[]) as t`,
    [probed],
  );
  // the packing job's backlog, for the same things: their raw report rows it may pack now (of hours
  // closed PACK_AFTER_MS ago), and the blocks it wrote (a run across an hour's end shows it keep up)
  const horizon = blockStart(Date.now() - PACK_AFTER_MS);
  const packing = await db.query(
    `select (select count(*) from metric_reports where thing_name = any($1) and ts < $2)::int as unpacked,
       (select count(*) from metric_blocks where thing_name = any($1))::int as blocks`,
    [probed, horizon],
  );
  return { seconds, lagSeconds: (Date.now() - newest.rows[0].ts) / 1000, journal: await journalRows(db), ...packing.rows[0] };
}

/** Least-squares slope of `y` over `x`, a minute. */
function slopePerMinute(points, y) {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((a, p) => a + p.seconds, 0) / n;
  const my = points.reduce((a, p) => a + y(p), 0) / n;
  const num = points.reduce((a, p) => a + (p.seconds - mx) * (y(p) - my), 0);
  const den = points.reduce((a, p) => a + (p.seconds - mx) ** 2, 0);
  return (60 * num) / den;
}

/** The probes of a sustained ingest, and whether its backlogs stayed flat over the run's second half. */
function logBacklog(probes) {
  log(
    '  backlog every 30 s (s: the newest stored sample behind the clock, s / roll-up journal batches / report rows the packing job may pack now / blocks, of every 100th plant):',
  );
  log(
    `    ${probes.map((p) => `${p.seconds.toFixed(0)}: ${p.lagSeconds.toFixed(1)} / ${p.journal} / ${p.unpacked} / ${p.blocks}`).join(', ')}`,
  );
  const later = probes.filter((p) => p.seconds >= probes.at(-1).seconds / 2);
  const lag = slopePerMinute(later, (p) => p.lagSeconds);
  const journal = slopePerMinute(later, (p) => p.journal);
  // flat: the lag growing by under 0.6 s a minute (arrivals 1 % beyond what is stored), the journal
  // (a saw: every drain empties it) by under a tenth of its mean a minute
  const journalMean = later.reduce((a, p) => a + p.journal, 0) / later.length;
  const flat = lag < 0.6 && journal < Math.max(1, journalMean / 10);
  const signed = (v, digits) => `${v >= 0 ? '+' : ''}${v.toFixed(digits)}`;
  log(
    `  over the second half: the lag ${signed(lag, 2)} s a minute, the journal ${signed(journal, 1)} batches a minute: ${flat ? 'flat' : 'growing'}`,
  );
  // a run that outlasts an hour's end by PACK_AFTER_MS and a job period packs that hour beside the ingest
  const first = probes[0];
  const last = probes.at(-1);
  const packed = last.blocks - first.blocks;
  log(
    packed > 0
      ? `  packing beside the ingest: ${thousands(packed)} blocks written for the probed plants; report rows it could pack at the last probe: ${thousands(last.unpacked)} (most: ${thousands(Math.max(...probes.map((p) => p.unpacked)))})`
      : "  packing beside the ingest: no hour closed PACK_AFTER_MS before the run ended (a run across an hour's end by 30 minutes shows it)",
  );
  return { lag, journal, flat, packed, unpackedAtEnd: last.unpacked };
}

async function benchIngest({ cluster, fleet, db }) {
  // The issue's load is 50,000 samples/s (10,000 plants × 25 values every 5 s); the simulator's report
  // holds up to 24 values, so the fleet reports a little more often than every 5 s to offer that rate.
  const perRound = reportsFor(fleet.plants, 1, { stepMs: 5000 }).reduce((n, r) => n + r[0].samples, 0);
  const stepMs = Math.round((1000 * perRound) / RATE);
  const rounds = SUSTAINED_MS ? Math.max(1, Math.floor(SUSTAINED_MS / stepMs)) : ROUNDS;
  log(
    `Ingest: ${thousands(GATEWAYS)} gateways, one report each every ${(stepMs / 1000).toFixed(2)} s for ${rounds} rounds (${thousands(perRound)} samples a round: ${thousands(RATE)} samples/s), QoS 1, through Mosquitto…`,
  );
  // live reports, as a live gateway sends them: samples of the open hour (a sustained run makes each
  // round's as it goes: its reports would not fit in memory, and made ahead they would be of the past)
  const ahead = SUSTAINED_MS ? undefined : reportsFor(fleet.plants, ROUNDS, { stepMs });
  const live = SUSTAINED_MS ? liveFleet(fleet.plants, { stepMs }) : undefined;
  const reportsOfRound = (round) => (ahead ? { reports: ahead, round } : { reports: live.next(), round: 0 });
  const offered = ahead ? ahead.reduce((n, r) => n + r.reduce((m, x) => m + x.samples, 0), 0) : perRound * rounds;
  const connectStarted = performance.now();
  const clients = await connectGateways({ mqttUrl: cluster.mqttUrl, things: fleet.things, password: fleet.password, timeoutMs: 300_000 });
  log(`  ${clients.length} gateways connected in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`);
  const metrics = await brokerMetrics(cluster.broker.metricsUrl);
  try {
    const before = await storedSamples(db, 'fleet-gw');
    const tablesBefore = await busiestTables(db);
    const brokerBefore = await metrics.snapshot();
    // CPU the ingest costs: the replicas' and Mosquitto's own, and the machine's whole less this
    // process (the gateways) — PostgreSQL, mostly. Rates measure the shared machine; this does not.
    const parts = [...cluster.replicas.map((r) => r.pid), cluster.broker.pid()];
    const partsBefore = parts.map(cpuSeconds);
    // this bench's own PostgreSQL backend counts the stored samples every second (a count over
    // millions of rows): its CPU is the bench's, not the ingest's
    const counter = (await db.query('select pg_backend_pid() as pid')).rows[0].pid;
    const counterBefore = cpuSeconds(counter);
    const machineBefore = machineBusySeconds();
    const benchBefore = process.cpuUsage();
    const started = performance.now();
    let sent = 0;
    let messages = 0;
    let unacked = 0;
    const probes = [];
    let nextProbe = Date.now() + BACKLOG_PROBE_MS;
    // the rounds on the clock: round k's first report is due k steps after the first round's, however
    // long making a round or a probe took (a publisher that slips offers less than it was asked)
    const firstRoundAt = Date.now();
    const acks = [];
    for (let round = 0; round < rounds; round++) {
      const outcome = await publishRound({
        clients,
        things: fleet.things,
        ...reportsOfRound(round),
        spreadMs: stepMs,
        ackTimeoutMs: 120_000,
        startAt: firstRoundAt + round * stepMs,
        acksLater: true,
      });
      sent += outcome.samples;
      messages += outcome.messages;
      acks.push(outcome.acked.then((acked) => (acked === undefined ? outcome.messages : outcome.messages - acked)));
      if (SUSTAINED_MS && Date.now() >= nextProbe) {
        probes.push(await backlogNow(db, fleet.things, (performance.now() - started) / 1000));
        nextProbe += BACKLOG_PROBE_MS;
      }
      const rest = firstRoundAt + (round + 1) * stepMs - Date.now();
      if (rest > 0 && round < rounds - 1) await new Promise((r) => setTimeout(r, rest));
    }
    const publishSeconds = (performance.now() - started) / 1000;
    for (const open of await Promise.all(acks)) unacked += open;
    // Until every sample is stored, or nothing more arrives for 60 s (bounded: at most 10 minutes).
    let stored = 0;
    let lastChange = performance.now();
    let lastStoredAt = performance.now();
    const deadline = Date.now() + 600_000;
    while (Date.now() < deadline) {
      const now = (await storedSamples(db, 'fleet-gw')) - before;
      if (now !== stored) {
        stored = now;
        lastChange = performance.now();
        lastStoredAt = lastChange;
      }
      if (stored >= sent || performance.now() - lastChange > 60_000) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const seconds = (lastStoredAt - started) / 1000;
    // A replica journals its batches' samples (ROLLUP_JOURNAL_MS): the work of rolling them up is done
    // when the leader's drain has merged them, so the CPU is counted until then (bounded: 5 minutes).
    const drainStarted = performance.now();
    const drainDeadline = Date.now() + 300_000;
    let journal = await journalRows(db);
    while (journal > 0 && Date.now() < drainDeadline) {
      await new Promise((r) => setTimeout(r, 500));
      journal = await journalRows(db);
    }
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const partsSpent = parts.map((pid, i) => cpuSeconds(pid) - partsBefore[i]);
    const benchUsage = process.cpuUsage(benchBefore);
    const gatewaysSpent = (benchUsage.user + benchUsage.system) / 1e6;
    const replicasSpent = partsSpent.slice(0, -1).reduce((a, b) => a + b, 0);
    const brokerSpent = partsSpent.at(-1);
    const counterSpent = cpuSeconds(counter) - counterBefore;
    const restSpent = machineBusySeconds() - machineBefore - replicasSpent - brokerSpent - gatewaysSpent - counterSpent;
    const perSample = (cpu) => (stored > 0 ? (cpu * 1e6) / stored : NaN);
    const cpuPerSample = { replicas: perSample(replicasSpent), broker: perSample(brokerSpent), rest: perSample(restSpent) };
    const brokerAfter = await metrics.snapshot();
    // Every report is sent to each replica that subscribed to it; the broker's $SYS updates (a few a
    // second) are the noise in this figure.
    const copies = (brokerAfter.sent - brokerBefore.sent) / Math.max(1, brokerAfter.received - brokerBefore.received);
    const result = {
      rounds,
      offered,
      sent,
      messages,
      unacked,
      stored,
      lost: sent - stored,
      seconds,
      publishSeconds,
      perSecond: stored / seconds,
      offeredPerSecond: sent / publishSeconds,
      copies,
      cpuPerSample,
    };
    log(
      `  ${thousands(stored)} of ${thousands(sent)} samples (${thousands(messages)} reports) stored in ${seconds.toFixed(1)} s: ${thousands(result.perSecond)} samples/s (offered ${thousands(result.offeredPerSecond)}/s over ${publishSeconds.toFixed(1)} s), lost ${result.lost}, unacknowledged publishes ${unacked}`,
    );
    log(
      journal > 0
        ? `  the roll-up journal still held ${journal} batches 5 minutes after the last sample was stored`
        : `  roll-ups merged ${drainSeconds.toFixed(1)} s after the last sample was stored (the CPU below counts them)`,
    );
    log(`  the broker sent the replicas ${copies.toFixed(2)} copies of each report (1 with shared subscriptions, ${REPLICAS} without)`);
    if (SUSTAINED_MS) result.backlog = logBacklog(probes);
    log(`  ${describeTables(tablesBefore, await busiestTables(db))}`);
    const us = (v) => `${v.toFixed(1)} µs`;
    log(
      `  CPU per stored sample: replicas ${us(cpuPerSample.replicas)}, Mosquitto ${us(cpuPerSample.broker)}, the rest of the machine but the gateways and the bench's counting (PostgreSQL, mostly) ${us(cpuPerSample.rest)}; ${thousands(1e6 / (cpuPerSample.replicas + cpuPerSample.broker + cpuPerSample.rest))} samples/s a core (the counting: ${counterSpent.toFixed(1)} s of PostgreSQL's CPU)`,
    );
    return result;
  } finally {
    await metrics.close();
    await closeGateways(clients);
  }
}

/**
 * A live fleet's closed hour at rest, on the cluster's PostgreSQL server in a database of its own:
 * written as the open hour holds it, packed by the job's function, its blocks' bytes a sample beside
 * VictoriaMetrics' (bench/fleet-packing.js). The ingest above lasts a minute or two, too few samples a
 * series to pack as an hour is packed.
 */
async function benchAtRest() {
  const name = `${DATABASE}_fleet`;
  log('');
  log('At rest: a live fleet’s closed hour, packed…');
  const db = await createDatabase(await ensureDatabase(MACHINE_ADMIN_URL, name, { fresh: true }));
  try {
    await migrateToLatest(db);
    return await fleetPacking(db, (line) => log(`  ${line}`));
  } finally {
    await db.destroy();
    await dropScratchDatabase(name);
  }
}

/** Drops a scratch database of the machine's PostgreSQL server, whoever is still connected. */
async function dropScratchDatabase(name) {
  const admin = new Client({ connectionString: MACHINE_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}

const atRestRow = (atRest) =>
  `| bytes a sample at rest, a live fleet's closed hour (100 plants every 5 s, hour blocks) | Helio ${atRest.helio.toFixed(2)}, VictoriaMetrics ${atRest.vm === undefined ? 'skipped' : atRest.vm.toFixed(2)}; packing at 50,000 samples/s: ${(((atRest.here + atRest.elsewhere) * 50_000) / 1e6).toFixed(2)} of a core | ≤ 2 (issue 38) |`;

const ingestRow = (ingest) => {
  const { replicas, broker, rest } = ingest.cpuPerSample;
  return [
    `| ingest, ${thousands(GATEWAYS)} gateways × ${ingest.rounds} reports, ${thousands(RATE)} samples/s offered | ${thousands(ingest.perSecond)} samples/s, ${ingest.lost} lost, ${ingest.copies.toFixed(2)} copies a report to the replicas | ≥ 50,000 samples/s, 0 lost (issue 38) |`,
    `| CPU a stored sample (roll-ups merged) | replicas ${replicas.toFixed(1)} µs, Mosquitto ${broker.toFixed(1)} µs, PostgreSQL and the rest ${rest.toFixed(1)} µs: ${(replicas + broker + rest).toFixed(1)} µs | ≤ 20 µs (issue 38) |`,
    ...(ingest.backlog
      ? [
          `| backlog over the run's second half (the newest stored sample behind the clock / roll-up journal batches) | ${ingest.backlog.lag.toFixed(2)} s / ${ingest.backlog.journal.toFixed(1)} a minute: ${ingest.backlog.flat ? 'flat' : 'growing'} | flat over 10 minutes (issue 38) |`,
        ]
      : []),
  ].join('\n');
};

async function main() {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-cluster-'));
  log(`Helio EMS cluster benchmarks (PostgreSQL, ${REPLICAS} replicas behind HAProxy, ${os.cpus().length} cores, load ${load()})`);
  let cluster;
  // Ctrl-C stops the cluster too: its replicas, broker and balancer are processes of their own
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      log(`${signal}: stopping the cluster…`);
      require('../tools/cluster/cluster')
        .stopCluster(stateDir)
        .then((stopped) => log(`  stopped ${stopped.join(', ')}`))
        .finally(() => process.exit(130));
    });
  const db = new Client({ connectionString: `${MACHINE_ADMIN_URL.replace(/\/[^/]*$/, '')}/${DATABASE}` });
  try {
    log(`Starting the cluster with a fleet of ${thousands(GATEWAYS)} plants…`);
    cluster = await startCluster({
      stateDir,
      basePort: BASE_PORT,
      replicas: REPLICAS,
      databaseName: DATABASE,
      fresh: true,
      simulator: false,
      brokerMetrics: true,
      prepare: (kysely) => seedClusterFleet(kysely, { plants: GATEWAYS }),
      // BENCH_SERVER_PROFILE=<dir>: each replica writes its CPU profile there when it stops.
      replicaNodeArgs: [...dist.profileArgs(), ...gcTrace.nodeArgs()],
      log: (line) => log(`  ${line}`),
    });
    const fleet = cluster.prepared;
    await db.connect();

    const ingest = await benchIngest({ cluster, fleet, db });
    const atRest = READS_ONLY ? undefined : await benchAtRest();
    if (INGEST_ONLY) {
      log('');
      log(ingestRow(ingest));
      log(atRestRow(atRest));
      if (ingest.lost !== 0) process.exitCode = 1;
      return;
    }

    // The replicas may still be catching up with the burst: the load balancer must see one healthy again.
    await waitForHealth(`${cluster.url}/api/health`, 120_000);
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'owner');
    const { idToken } = await post(cluster.url, 'auth/sign-in', { username: admin.email, password: admin.password });
    let plantRows = [];
    if (!READS_ONLY) {
      log('');
      log(`Plants: the demo tenant with ${thousands(GATEWAYS)} more plants, through the load balancer…`);
      plantRows = await benchClusterPlants({
        url: cluster.url,
        db,
        admin,
        idToken,
        tagName: fleet.tagName,
        calls: CALLS,
        browser: process.env.BENCH_BROWSER !== 'off',
        log,
      });
    }

    log('');
    // Reads measured while a replica still works off something else (the ingest backlog, a job)
    // measure that work too: wait until both are quiet, and say how long that took.
    const replicaPids = cluster.replicas.map((r) => r.pid);
    const quiet = await untilQuiet(replicaPids, { maxCores: 0.1, timeoutMs: 120_000 });
    log(
      `Replicas ${quiet.quiet ? 'quiet' : 'still busy'} after ${(quiet.waitedMs / 1000).toFixed(1)} s (CPU in the last second: ${quiet.shares.map(percentOfCore).join(', ')} of a core)`,
    );
    log('Shadow reads through the load balancer: wrk, 32 connections, 2 threads, 10 s…');
    const thing = fleet.things[0];
    const haproxyPid = Number(fs.readFileSync(pidFile(cluster.stateDir, 'haproxy'), 'utf8').trim());
    // PostgreSQL's backends serving the replicas (same machine): their CPU per read too.
    const { rows: backends } = await db.query('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
      DATABASE,
    ]);
    const during = cpuMeter([...replicaPids, haproxyPid, ...backends.map((b) => b.pid)]);
    const scheduledBefore = replicaPids.map(mainThreadSchedule);
    const collections = gcTrace.enabled() ? gcTrace.gcWindow(stateDir, replicaPids) : null;
    const reads = wrkPost({ url: `${cluster.url}/api/iot/thing/shadow`, body: { thingName: thing }, token: idToken, dir: stateDir });
    const cpu = during.share();
    const scheduled = replicaPids.map((pid, i) => {
      const now = mainThreadSchedule(pid);
      const before = scheduledBefore[i];
      return { onCpu: now.onCpu - before.onCpu, waiting: now.waiting - before.waiting, slices: now.slices - before.slices };
    });
    log(
      `  ${thousands(reads.perSecond)} reads/s, p50 ${ms(reads.p50)}, p99 ${ms(reads.p99)}, ${reads.non2xx} not 200, ${reads.errors} socket errors (${thousands(reads.requests)} requests)`,
    );
    // CPU time a read costs each part: on a machine shared with other work the rate and latencies
    // measure the machine as much as the code; this does not.
    const replicasCpu = cpu.slice(0, REPLICAS).reduce((a, b) => a + b, 0);
    const postgresCpu = cpu.slice(REPLICAS + 1).reduce((a, b) => a + b, 0);
    const perRead = (share) => `${((share * 1e6) / reads.perSecond).toFixed(0)} µs`;
    log(
      `  CPU meanwhile: replicas ${cpu.slice(0, REPLICAS).map(percentOfCore).join(', ')}, HAProxy ${percentOfCore(cpu[REPLICAS])}, PostgreSQL ${percentOfCore(postgresCpu)} (${backends.length} backends) of a core`,
    );
    log(`  CPU per read: replicas ${perRead(replicasCpu)}, HAProxy ${perRead(cpu[REPLICAS])}, PostgreSQL ${perRead(postgresCpu)}`);
    // Where a slow read waited: the replicas' event loops runnable but not running (other processes
    // had the cores) against their time on a core; the mean wait a time it was scheduled in.
    log(
      `  replicas' event loops: ${scheduled
        .map(
          (s) =>
            `on a core ${(s.onCpu * 1000).toFixed(0)} ms, runnable waiting for one ${(s.waiting * 1000).toFixed(0)} ms (${((s.waiting * 1000) / s.slices).toFixed(2)} ms a time, ${thousands(s.slices)} times)`,
        )
        .join('; ')}`,
    );
    // The same load on one replica without the load balancer: a tail that stays is the replica's
    // (its event loop, its collections, the database), one that goes is HAProxy's queueing.
    if (collections) {
      log(
        `  replicas' collections (--trace-gc): ${collections
          .pauses()
          .map((g) => `${g.count} pausing ${g.total.toFixed(0)} ms in all, the longest ${g.max.toFixed(1)} ms`)
          .join('; ')}`,
      );
    }
    log('Shadow reads straight to the first replica (no HAProxy): wrk, 32 connections, 2 threads, 10 s…');
    const direct = wrkPost({
      url: `${cluster.replicaUrls[0]}/api/iot/thing/shadow`,
      body: { thingName: thing },
      token: idToken,
      dir: stateDir,
    });
    log(
      `  ${thousands(direct.perSecond)} reads/s, p50 ${ms(direct.p50)}, p99 ${ms(direct.p99)}, ${direct.non2xx} not 200, ${direct.errors} socket errors (${thousands(direct.requests)} requests)`,
    );

    log('');
    log(`Load average at the end: ${load()}`);
    log('');
    log('| measure (cluster: PostgreSQL, 2 replicas, HAProxy, Mosquitto) | result | target |');
    log('|---|---|---|');
    if (!READS_ONLY) {
      log(ingestRow(ingest));
      log(atRestRow(atRest));
    }
    plantRows.forEach((row) => log(row));
    log(
      `| shadow reads through HAProxy (wrk, 32 connections) | ${thousands(reads.perSecond)}/s, p99 ${ms(reads.p99)} | ≥ 5,000/s at p99 ≤ 25 ms |`,
    );
    if (ingest.lost !== 0 || reads.non2xx !== 0 || reads.errors !== 0) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    if (cluster) await cluster.stop();
    else await require('../tools/cluster/cluster').stopCluster(stateDir);
    await dropScratchDatabase(DATABASE);
    // a failed run keeps its processes' logs (replicas, broker, balancer): what went wrong is in them
    if (process.exitCode) {
      const kept = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-cluster-logs-'));
      fs.cpSync(path.join(stateDir, 'logs'), kept, { recursive: true });
      log(`The run failed: its processes' logs are in ${kept}`);
    }
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
