// `npm run reliability [-- --short] [--minutes M] [--gateways G] [--streams S] [--faults kill,mosquitto,postgres,disk]`:
// the cluster (tools/cluster: PostgreSQL, Mosquitto, 2 replicas, HAProxy) under load — G gateways
// reporting every 5 s, S browsers' live streams and a mix of API reads through the load balancer —
// for M minutes, with the faults injected one after another while it runs. It prints p50/p99 per
// call, errors, samples sent/stored/lost, what each fault did, and the replicas' memory, and exits
// non-zero when a check fails. --short (used by `npm test`): 100 gateways, 20 streams, 60 s, kill -9
// and a Mosquitto restart. Ports 19040–19059 (short: 19060–19079), loopback only; everything it
// starts is stopped at the end, also on failure.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const { Client } = require('pg');
const { startCluster, stopCluster, clusterPorts } = require('../tools/cluster/cluster');
const { privateInstanceDir } = require('../tools/cluster/postgres');
const dist = require('../bench/dist-paths');
const { seedClusterFleet } = require('../bench/cluster-fleet');
const { connectGateways, closeGateways } = require('../bench/gateways');
const { brokerMetrics } = require('../bench/broker-metrics');
const { summary } = require('../bench/stats');
const { openStreams } = require('./streams');
const { runApiMix } = require('./api-mix');
const { sampleMemory } = require('./memory');
const { backlogDrained } = require('./drain');
const { inspectorArgs } = require('./live-heap');
const { startGatewayLoad } = require('./load');
const { killReplica, restartMosquitto, restartPostgres, sleep } = require('./faults');
const { diskFullCheck } = require('./disk-full');
const { countStoredSamplesByTime, pgQuery } = require('../bench/stored-samples');

const STREAMS_PER_USER = 8; // the server's MAX_LIVE_STREAMS_PER_USER

function options(argv) {
  const short = argv.includes('--short');
  const o = {
    short,
    minutes: short ? 1 : 10,
    gateways: short ? 100 : 1000,
    streams: short ? 20 : 200,
    faults: short ? ['kill', 'mosquitto'] : ['kill', 'mosquitto', 'postgres', 'disk'],
    port: short ? 19060 : 19040,
  };
  for (let i = 0; i < argv.length; i++) {
    const next = () => argv[++i];
    if (argv[i] === '--minutes') o.minutes = Number(next());
    else if (argv[i] === '--gateways') o.gateways = Number(next());
    else if (argv[i] === '--streams') o.streams = Number(next());
    else if (argv[i] === '--faults') o.faults = next().split(',').filter(Boolean);
    else if (argv[i] === '--port') o.port = Number(next());
    else if (argv[i] !== '--short') throw new Error(`unknown option ${argv[i]}`);
  }
  if (!(o.minutes > 0 && o.minutes <= 120)) throw new Error('--minutes: 0 to 120');
  if (!(o.gateways >= 1 && o.gateways <= 10_000)) throw new Error('--gateways: 1 to 10,000');
  if (!(o.streams >= 0 && o.streams <= 2000)) throw new Error('--streams: 0 to 2,000');
  for (const f of o.faults) if (!['kill', 'mosquitto', 'postgres', 'disk'].includes(f)) throw new Error(`unknown fault ${f}`);
  return o;
}

/** Users for the live streams (8 streams each, the server's limit) and one for the API mix. */
async function addStreamUsers(db, tenantId, count) {
  const now = new Date().toISOString();
  const users = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    tenant_id: tenantId,
    email: `reliability-${i}@helio.test`,
    name: 'Reliability',
    family_name: `Browser ${i}`,
    picture: null,
    password_hash: 'scrypt$none',
    role: 'owner',
    custom_role_id: null,
    modules: JSON.stringify(require('@helio/contracts').MODULE_KEYS),
    locale: 'en',
    preferences: '{}',
    status: 'active',
    created_at: now,
  }));
  if (users.length > 0) await db.insertInto('users').values(users).execute();
  return users.map((u) => ({ id: u.id, email: u.email, tenantId }));
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');

/** Each replica's inspector (loopback), for what lives in its memory: ports base + 12 and up. */
const inspectorPort = (o, index) => o.port + 12 + index;

const heapSnapshotDir = process.env.RELIABILITY_HEAP_SNAPSHOTS ? path.resolve(process.env.RELIABILITY_HEAP_SNAPSHOTS) : undefined;
// RELIABILITY_HEAP_SNAPSHOT_AT=<minutes,…>: snapshots also at these minutes into the load (e.g. after
// the warm-up), to compare with the end's (reliability/heap-diff.js).
const heapSnapshotAt = (process.env.RELIABILITY_HEAP_SNAPSHOT_AT ?? '')
  .split(',')
  .filter(Boolean)
  .map(Number)
  .filter((m) => m > 0);

/** Signals each live replica to write a heap snapshot and waits (bounded) until the files stop growing. */
async function writeHeapSnapshots(cluster, dir, log) {
  fs.mkdirSync(dir, { recursive: true });
  const sizes = () => fs.readdirSync(dir).map((f) => fs.statSync(path.join(dir, f)).size);
  for (const r of cluster.replicas.filter(Boolean)) process.kill(r.pid, 'SIGUSR2');
  let last = '';
  for (let i = 0; i < 60; i++) {
    await sleep(2000);
    const now = sizes().join(',');
    if (now === last && sizes().length >= cluster.replicas.filter(Boolean).length) break;
    last = now;
  }
  log(`  heap snapshots in ${dir}`);
}

async function main() {
  const o = options(process.argv.slice(2));
  const log = (line) => process.stdout.write(`${line}\n`);
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-reliability-'));
  const usePrivatePg = o.faults.includes('postgres');
  // RELIABILITY_DATABASE (with --port): another database, so two checkouts can run the suite at once.
  const databaseName = process.env.RELIABILITY_DATABASE ?? (o.short ? 'helio_reliability_short' : 'helio_reliability');
  const result = { options: o, loadAtStart: load(), checks: [] };
  const check = (name, ok, detail) => result.checks.push({ name, ok: Boolean(ok), detail });
  log(
    `Reliability${o.short ? ' (short)' : ''}: ${o.gateways} gateways every 5 s, ${o.streams} live streams, API reads, ${o.minutes} min; faults: ${o.faults.join(', ') || 'none'} (load ${result.loadAtStart})`,
  );
  let cluster;
  let gateways = [];
  let streams;
  let mix;
  let gatewayLoad;
  let memory;
  let metrics;
  try {
    cluster = await startCluster({
      stateDir,
      basePort: o.port,
      replicas: 2,
      database: usePrivatePg ? 'private' : 'machine',
      databaseName,
      fresh: true,
      simulator: false,
      brokerMetrics: true,
      // RELIABILITY_HEAP_SNAPSHOTS=<dir>: each replica writes a heap snapshot there at the end of the
      // load, to see what a replica whose memory grew holds.
      replicaNodeArgs: (i) => [
        ...inspectorArgs(inspectorPort(o, i)),
        ...(heapSnapshotDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${heapSnapshotDir}`] : []),
      ],
      prepare: async (db) => {
        const fleet = await seedClusterFleet(db, { plants: o.gateways, prefix: 'rel-gw' });
        const { createTokenService } = require(dist.server('auth/tokens'));
        const tokens = await createTokenService(db);
        const users = await addStreamUsers(db, fleet.tenantId, Math.ceil(o.streams / STREAMS_PER_USER) + 1);
        // Tokens live 15 minutes: freshToken() below signs new ones (the service holds its keys) for longer runs.
        const issued = [];
        for (const u of users) issued.push((await tokens.issue(u)).idToken);
        return { ...fleet, tokens: issued, tokenService: tokens, users };
      },
      log: (line) => log(`  ${line}`),
    });
    const fleet = cluster.prepared;
    // User k's token, signed again once it is 10 minutes old (tokens live 15): `--minutes 60` keeps its
    // streams and API reads signed in; a stream still ends when its token expires and reconnects.
    const signedAt = fleet.tokens.map(() => Date.now());
    const freshToken = async (k) => {
      if (Date.now() - signedAt[k] > 10 * 60_000) {
        signedAt[k] = Date.now();
        fleet.tokens[k] = (await fleet.tokenService.issue(fleet.users[k])).idToken;
      }
      return fleet.tokens[k];
    };
    // A connection per count: the PostgreSQL restart cuts any connection held across it.
    const countStored = async (since = 0) => {
      const client = new Client({ connectionString: cluster.databaseUrl });
      client.on('error', () => undefined);
      try {
        await client.connect();
        // raw and packed: a run longer than the packing horizon (20 minutes after an hour) has both
        return await countStoredSamplesByTime(pgQuery(client), 'rel-gw-%', since);
      } finally {
        await client.end().catch(() => undefined);
      }
    };

    const minutesMs = o.minutes * 60_000;
    const deadline = Date.now() + minutesMs + 60_000; // connecting takes a while; the load runs o.minutes
    let phase = 'steady';
    gateways = await connectGateways({ mqttUrl: cluster.mqttUrl, things: fleet.things, password: fleet.password, timeoutMs: 120_000 });
    log(`  ${gateways.length} gateways connected`);
    metrics = await brokerMetrics(cluster.broker.metricsUrl);
    const brokerBefore = await metrics.snapshot();
    const loadEnd = Date.now() + minutesMs;
    gatewayLoad = startGatewayLoad({ clients: gateways, plants: fleet.plants, deadline: loadEnd, phase: () => phase });
    const streamToken = (i) => freshToken(1 + Math.floor(i / STREAMS_PER_USER));
    streams = openStreams({
      base: cluster.url,
      count: o.streams,
      tokenOf: (i) => streamToken(i),
      thingsOf: (i) => [0, 1, 2, 3].map((k) => fleet.things[(i * 4 + k) % fleet.things.length]),
      deadline,
    });
    await streams.start();
    const series = (i) => ({
      tenantId: fleet.tenantId,
      gatewayId: fleet.things[i % fleet.things.length],
      plantId: fleet.plants[i % fleet.plants.length].id,
    });
    mix = runApiMix({
      base: cluster.url,
      tokenOf: () => freshToken(0),
      context: { things: fleet.things, plantIds: fleet.plants.map((p) => p.id), seriesOf: series },
      workers: o.short ? 4 : 8,
      pauseMs: 50,
      deadline: loadEnd,
      phase: () => phase,
    });
    memory = sampleMemory(
      () =>
        cluster.replicas
          .filter(Boolean)
          .map((r) => ({ name: `replica-${r.index + 1}`, pid: r.pid, inspectorPort: inspectorPort(o, r.index) })),
      o.short ? 2000 : 10_000,
    );

    let snapshotsDuringLoad = Promise.resolve();
    if (heapSnapshotDir)
      for (const minute of heapSnapshotAt) {
        const at = loadEnd - minutesMs + minute * 60_000;
        if (at < loadEnd) {
          snapshotsDuringLoad = snapshotsDuringLoad.then(async () => {
            if (at > Date.now()) await sleep(at - Date.now());
            log(`  heap snapshots at ${minute} min…`);
            await writeHeapSnapshots(cluster, heapSnapshotDir, log);
          });
        }
      }

    // The faults, spread over the run, each one after the load has run steadily for a while.
    const faults = o.faults.filter((f) => f !== 'disk');
    const gap = minutesMs / (faults.length + 1);
    result.faults = [];
    const drainWindows = []; // { name, from, to }: a fault until its backlog is drained, left out of the memory check
    const drains = [];
    for (const [k, fault] of faults.entries()) {
      const at = loadEnd - minutesMs + gap * (k + 1) - 10_000;
      if (at > Date.now()) await sleep(at - Date.now());
      phase = fault;
      const faultStarted = Date.now();
      log(`  fault: ${fault}…`);
      let outcome;
      if (fault === 'kill') outcome = await killReplica({ cluster, streams, index: k % 2, downMs: o.short ? 5000 : 10_000 });
      else if (fault === 'mosquitto') outcome = await restartMosquitto({ cluster, gateways });
      else outcome = await restartPostgres({ cluster, token: await freshToken(0), thing: fleet.things[0], downMs: 10_000 });
      outcome.window = { from: new Date(faultStarted).toISOString(), to: new Date(Date.now() + 5000).toISOString() };
      result.faults.push(outcome);
      // Measured, not guessed: the fault's backlog is drained once every report sent since it began
      // (up to a round ago) is stored. Watched in the background while the next fault waits its turn.
      const drainWindow = { name: fault, from: faultStarted, to: loadEnd };
      drainWindows.push(drainWindow);
      drains.push(
        backlogDrained({ sent: gatewayLoad.sent, since: faultStarted, countStored, until: loadEnd }).then((at) => {
          drainWindow.to = at ?? loadEnd;
          outcome.window.drained = at ? new Date(at).toISOString() : 'not before the load ended';
          log(
            `    ${fault}: backlog ${at ? `drained ${((at - faultStarted) / 1000).toFixed(0)} s after the fault began` : 'not drained before the load ended'}`,
          );
        }),
      );
      log(`    ${JSON.stringify(outcome)}`);
      check(outcome.fault, outcome.ok, outcome);
      await sleep(5000); // the recovery's tail still belongs to the fault
      phase = 'steady';
    }
    if (o.faults.includes('disk')) {
      log('  fault: a full disk under a SQLite server (its own process, tmpfs in a private mount namespace)…');
      const outcome = await diskFullCheck(o.port + 18, o.port + 19);
      result.diskFull = outcome;
      log(`    ${JSON.stringify(outcome)}`);
      check('SQLite on a full disk: clear error, process up, integrity_check ok', outcome.ok || outcome.skipped, outcome);
    }
    if (loadEnd > Date.now()) await sleep(loadEnd - Date.now());
    await snapshotsDuringLoad;
    await Promise.all(drains);
    await memory.stop(); // the slope is the load's: the drain after it frees memory
    if (heapSnapshotDir) await writeHeapSnapshots(cluster, heapSnapshotDir, log);

    await mix.stop();
    const published = await gatewayLoad.stop();
    // Everything acknowledged by the broker is stored within a bounded time, or counted lost.
    const sentTotal = gatewayLoad.sent.reduce((n, r) => n + r.samples, 0);
    let stored = await countStored();
    const storedTotal = () => gatewayLoad.sent.reduce((n, r) => n + Math.min(r.samples, stored.get(r.ts) ?? 0), 0);
    for (let i = 0; i < 120 && storedTotal() < sentTotal; i++) {
      await sleep(1000);
      stored = await countStored();
    }
    const brokerAfter = await metrics.snapshot();
    const streamTotals = streams.totals();

    // Figures.
    const byCall = {};
    for (const r of mix.record) (byCall[r.call] ??= []).push(r);
    result.calls = Object.entries(byCall).map(([call, rows]) => {
      const s = summary(rows.map((r) => r.ms));
      const errors = rows.filter((r) => r.status !== 200);
      const byPhase = {};
      for (const e of errors) byPhase[`${e.phase}:${e.status}`] = (byPhase[`${e.phase}:${e.status}`] ?? 0) + 1;
      return {
        call,
        n: s.n,
        p50: s.p50,
        p99: s.p99,
        errors: errors.length,
        steadyErrors: errors.filter((e) => e.phase === 'steady').length,
        errorsByPhase: byPhase,
        // When and how the calls outside the fault windows failed, to match with the faults' times.
        steadyErrorSamples: errors
          .filter((e) => e.phase === 'steady')
          .slice(0, 10)
          .map((e) => ({ at: new Date(e.at).toISOString(), status: e.status, ms: Math.round(e.ms), error: e.error })),
      };
    });
    const lostByPhase = {};
    for (const r of gatewayLoad.sent) {
      const lost = r.samples - Math.min(r.samples, stored.get(r.ts) ?? 0);
      lostByPhase[r.phase] = (lostByPhase[r.phase] ?? 0) + lost;
    }
    // Which rounds lost what: a round is labelled with the phase in which it was published, so
    // reports still waiting in a replica when a fault began show under the phase before it.
    result.roundsWithLoss = gatewayLoad.sent
      .map((r) => ({
        at: new Date(r.ts).toISOString(),
        phase: r.phase,
        sent: r.samples,
        stored: Math.min(r.samples, stored.get(r.ts) ?? 0),
      }))
      .filter((r) => r.stored < r.sent);
    result.samples = {
      sent: sentTotal,
      stored: storedTotal(),
      lost: sentTotal - storedTotal(),
      lostByPhase,
      reports: gatewayLoad.sent.reduce((n, r) => n + r.messages, 0),
      unacknowledged: published.unacknowledged,
      failedPublishes: published.failed,
      copiesPerReport: (brokerAfter.sent - brokerBefore.sent) / Math.max(1, brokerAfter.received - brokerBefore.received),
    };
    result.streams = streamTotals;
    result.memory = memory.summary(drainWindows);
    result.loadAtEnd = load();

    log('');
    log(`Calls through the load balancer (${o.short ? 4 : 8} workers):`);
    for (const c of result.calls)
      log(
        `  ${c.call.padEnd(22)} ${String(c.n).padStart(6)} calls  p50 ${ms(c.p50)}  p99 ${ms(c.p99)}  errors ${c.errors} (steady ${c.steadyErrors}) ${c.errors ? JSON.stringify(c.errorsByPhase) : ''}`,
      );
    for (const c of result.calls)
      for (const e of c.steadyErrorSamples.slice(0, 3)) log(`    outside the faults: ${c.call} ${JSON.stringify(e)}`);
    log(
      `Samples: ${result.samples.sent} sent in ${result.samples.reports} reports, ${result.samples.stored} stored, lost ${result.samples.lost} ${JSON.stringify(lostByPhase)}; unacknowledged ${published.unacknowledged}; the broker sent the replicas ${result.samples.copiesPerReport.toFixed(2)} copies a report`,
    );
    log(
      `Streams: ${streamTotals.open} of ${streamTotals.streams} open at the end, ${streamTotals.events} shadow events, ${streamTotals.alertEvents} alert events, ${streamTotals.reconnects} reconnects, ${streamTotals.refused} refused, longest down ${(streamTotals.longestDownMs / 1000).toFixed(1)} s, ${streamTotals.silent} never got an event`,
    );
    log('Memory (RSS) of the replicas:');
    for (const m of result.memory)
      log(
        `  ${m.process}: start ${m.startMiB.toFixed(0)} MiB, end ${m.endMiB.toFixed(0)} MiB, peak ${m.peakMiB.toFixed(0)} MiB over ${m.minutes.toFixed(1)} min, living after a collection ${m.liveMiB.join(' ')} MiB (every 30 s); compiled code ${m.codeMiB.map((c) => c.toFixed(1)).join(' → ')} MiB; less the code, judged ${m.judgedFromMiB.toFixed(1)} → ${m.judgedToMiB.toFixed(1)} MiB over ${m.judgedMinutes.toFixed(1)} min, slope ${m.liveSlopeMiBPerMin.toFixed(2)} MiB/min (least squares ${m.liveLeastSquaresMiBPerMin.toFixed(2)}), limit ${m.slopeLimitMiBPerMin.toFixed(2)}: ${m.ok === null ? 'too few samples to judge' : m.ok ? 'ok' : 'FAIL'}\n` +
          `    queued to write ${m.queuedMiB.join(' ')} MiB; judged the samples at ${m.judgedAt.join(' ')} min; left out ${m.leftOut.join(', ') || 'none'}`,
      );
    for (const w of drainWindows)
      log(
        `  left out of the memory check: ${w.name} from ${new Date(w.from).toISOString()} until its backlog was drained, ${new Date(w.to).toISOString()}`,
      );
    log(`Load average: ${result.loadAtStart} at the start, ${result.loadAtEnd} at the end`);

    check(
      'no API error outside the fault windows',
      result.calls.every((c) => c.steadyErrors === 0),
      result.calls.map((c) => [c.call, c.errorsByPhase]),
    );
    check('no sample lost', result.samples.lost === 0, lostByPhase);
    check('every live stream open at the end', streamTotals.open === streamTotals.streams, streamTotals);
    check('every live stream got events', streamTotals.silent === 0, streamTotals.silent);
    // Judged: every replica process with 3 samples over 2 minutes or more left after its warm-up and
    // the faults' drains (memory.js: judgeMemory); the output above names the samples and why.
    const judged = result.memory.filter((m) => m.ok !== null);
    check(
      'replica memory flat (what lives after a collection less compiled code, after the warm-up and outside the faults and their drains: under 0.2 MiB/min, or 3 MiB over a window shorter than 15 min)',
      (o.short || judged.length > 0) && judged.every((m) => m.ok),
      result.memory.map((m) => [m.process, m.liveSlopeMiBPerMin, m.slopeLimitMiBPerMin, m.judgedAt]),
    );
  } catch (error) {
    check('the run completed', false, error instanceof Error ? error.stack : String(error));
  } finally {
    streams?.close();
    await mix?.stop().catch(() => undefined);
    await gatewayLoad?.stop(1000).catch(() => undefined);
    await memory?.stop();
    await metrics?.close().catch(() => undefined);
    await closeGateways(gateways);
    const stopped = await stopCluster(stateDir).catch((e) => [`stop failed: ${e.message}`]);
    result.stopped = stopped;
    if (usePrivatePg) fs.rmSync(privateInstanceDir(stateDir, clusterPorts(o.port, 2).postgres), { recursive: true, force: true });
    if (!usePrivatePg) {
      const admin = new Client({ connectionString: require('../tools/cluster/postgres').MACHINE_ADMIN_URL });
      await admin.connect().then(
        () => admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).finally(() => admin.end()),
        () => undefined,
      );
    }
    const out = path.join(os.tmpdir(), `helio-reliability-${o.short ? 'short' : 'full'}.json`);
    fs.writeFileSync(out, JSON.stringify(result, null, 2));
    const failed = result.checks.filter((c) => !c.ok);
    if (failed.length > 0) {
      // The processes' logs tell why: kept for a failed run.
      const kept = path.join(os.tmpdir(), `helio-reliability-logs-${Date.now()}`);
      fs.cpSync(path.join(stateDir, 'logs'), kept, { recursive: true });
      log(`Logs of the cluster's processes: ${kept}`);
    }
    fs.rmSync(stateDir, { recursive: true, force: true });
    log('');
    for (const c of result.checks) log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}${c.ok ? '' : `: ${JSON.stringify(c.detail).slice(0, 400)}`}`);
    log(`Figures in ${out}.`);
    process.exitCode = failed.length > 0 ? 1 : 0;
  }
}

main();
