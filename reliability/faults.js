// The faults the reliability suite injects while the load runs, each answering what it observed.
'use strict';
const { postJson } = require('./api-mix');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function statusOf(url) {
  return fetch(url, { signal: AbortSignal.timeout(3000) })
    .then((r) => r.status)
    .catch(() => 0);
}

/** Waits (bounded) until `probe()` is true; answers the seconds it took, or null when it never was. */
async function secondsUntil(probe, timeoutMs, everyMs = 250) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await probe()) return (Date.now() - started) / 1000;
    await sleep(everyMs);
  }
  return null;
}

/** kill -9 of replica `index`; started again after `downMs`; the streams and the LB are watched. */
async function killReplica({ cluster, streams, index = 0, downMs = 10_000 }) {
  const lbDuring = [];
  const before = cluster.replicas[index].pid;
  await cluster.killReplica(index, 'SIGKILL');
  const probeUntil = Date.now() + downMs;
  while (Date.now() < probeUntil) {
    lbDuring.push(await statusOf(`${cluster.url}/api/health`));
    await sleep(500);
  }
  const restartStarted = Date.now();
  // A restarted replica first takes the reports its broker session queued while it was away; how
  // long it takes to answer its health check again is a figure, bounded at 3 minutes.
  let restartSeconds = null;
  let restartError;
  try {
    await cluster.startReplica(index, 180_000);
    restartSeconds = (Date.now() - restartStarted) / 1000;
  } catch (error) {
    restartError = error instanceof Error ? error.message : String(error);
  }
  const replica = cluster.replicas[index];
  const streamsBack = await secondsUntil(() => streams.openCount() === streams.streams.length, 60_000, 500);
  return {
    fault: `kill -9 replica ${index + 1} (pid ${before}), started again after ${downMs / 1000} s`,
    loadBalancerHealthWhileDown: summarise(lbDuring),
    restartSeconds,
    restartError,
    newPid: replica.pid,
    streamsAllOpenAfterSeconds: streamsBack,
    ok: lbDuring.every((s) => s === 200) && streamsBack !== null && restartSeconds !== null,
  };
}

/** Mosquitto stopped (SIGTERM, so it saves its persistence) and started again; gateways reconnect. */
async function restartMosquitto({ cluster, gateways }) {
  const started = Date.now();
  await cluster.broker.restart();
  const restartSeconds = (Date.now() - started) / 1000;
  const reconnected = await secondsUntil(() => gateways.every((c) => c.connected), 90_000, 500);
  return {
    fault: 'Mosquitto restarted (SIGTERM, start)',
    restartSeconds,
    gatewaysReconnectedAfterSeconds: reconnected,
    ok: reconnected !== null,
  };
}

/**
 * The private PostgreSQL stopped (fast: connections cut) for `downMs` and started again. While it is
 * down the API should answer 503 (health) and fail cleanly; after, recover without a server restart.
 */
async function restartPostgres({ cluster, token, thing, downMs = 10_000 }) {
  const pidsBefore = cluster.replicas.map((r) => r.pid);
  await cluster.postgres.stop();
  const health = [];
  const reads = [];
  const until = Date.now() + downMs;
  while (Date.now() < until) {
    health.push(await statusOf(`${cluster.url}/api/health`));
    reads.push((await postJson(cluster.url, 'iot/thing/shadow', { thingName: thing }, token)).status);
    await sleep(500);
  }
  await cluster.postgres.start();
  const recovered = await Promise.all(
    cluster.replicaUrls.map((url) => secondsUntil(async () => (await statusOf(`${url}/api/health`)) === 200, 90_000, 500)),
  );
  const readsRecovered = await secondsUntil(
    async () => (await postJson(cluster.url, 'iot/thing/shadow', { thingName: thing }, token)).status === 200,
    90_000,
    500,
  );
  const restarted = cluster.replicas.map((r, i) => r.pid !== pidsBefore[i]);
  return {
    fault: `PostgreSQL (private instance) stopped for ${downMs / 1000} s and started again`,
    healthWhileDown: summarise(health),
    shadowReadsWhileDown: summarise(reads),
    replicaHealthBackAfterSeconds: recovered,
    shadowReadsBackAfterSeconds: readsRecovered,
    replicasRestarted: restarted.some(Boolean),
    ok: health.every((s) => s === 503) && recovered.every((s) => s !== null) && readsRecovered !== null && !restarted.some(Boolean),
  };
}

/** { status: count } of a list of HTTP statuses (0: no answer). */
function summarise(statuses) {
  const counts = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

module.exports = { killReplica, restartMosquitto, restartPostgres, secondsUntil, sleep };
