// Many simulated gateways as real MQTT clients (each its own login, QoS 1), for the cluster bench
// and the reliability suite: connected in batches, their reports built by the device simulator's
// model and counted the way the server turns them into samples (numericSamples), so "sent" and
// "stored" compare like with like.
'use strict';
const mqtt = require('mqtt');
const dist = require('./dist-paths');
const { newPlantRun, plantHistory } = require(dist.simulator());
const { numericSamples } = require(dist.server('iot/shadows/metric-samples'));
const { simPlantConfig } = require(dist.server('iot/services'));

const STEP_MS = 5 * 60_000;

/** Samples the server stores for one reported document (numbers, and flags such as EvConnected as 1/0). */
const samplesOf = (reported) => numericSamples(reported).length;

/**
 * `count` reports per gateway at `stepMs` steps (5 minutes unless told) ending now (inside the window
 * in which the server trusts device clocks), each { body, samples }. The cluster bench's live fleet
 * reports every 5 s (stepMs 5000): its samples are of the open hour, as a live gateway's are.
 */
function reportsFor(plants, count, { stepMs = STEP_MS, now = Date.now() } = {}) {
  const from = now - (now % stepMs) - (count + 1) * stepMs;
  return plants.map((plant) => [...plantHistory(runOf(plant), from, from + count * stepMs, stepMs)].map(asReport));
}

/** The simulator's run of a bench plant (its settings as the server's simulator takes them). */
const runOf = (plant) => newPlantRun(simPlantConfig(plant));

const asReport = (r) => ({
  ts: r.ts,
  body: JSON.stringify({ state: { reported: r.reported }, timestamp: r.ts }),
  samples: samplesOf(r.reported),
});

/**
 * A live fleet for a sustained run: `next()` gives every plant's next report (as reportsFor's, one
 * round), taken as a live gateway would at the last `stepMs` boundary before the clock. The plants'
 * runs go on from round to round, so a round costs the simulator one step a plant, not a plant's
 * setting up (which held the bench's publisher below the rate it was asked for).
 */
function liveFleet(plants, { stepMs }) {
  const runs = plants.map(runOf);
  let last;
  return {
    next(now = Date.now()) {
      const at = Math.max(now - (now % stepMs) - stepMs, last === undefined ? -Infinity : last + stepMs);
      const from = last ?? at - stepMs;
      last = at;
      return runs.map((run) => [...plantHistory(run, from, at, at - from)].map(asReport));
    },
  };
}

/**
 * Connects one MQTT client per gateway (`gw-<thing>`, persistent session, reconnecting every second
 * so a broker restart is ridden out), `batch` at a time; bounded by `timeoutMs`.
 */
async function connectGateways({ mqttUrl, things, password, passwords, batch = 250, timeoutMs = 120_000 }) {
  const deadline = Date.now() + timeoutMs;
  const clients = [];
  try {
    for (let i = 0; i < things.length; i += batch) {
      if (Date.now() > deadline) throw new Error(`only ${clients.length} of ${things.length} gateways connected in ${timeoutMs / 1000} s`);
      const connected = await Promise.all(
        things.slice(i, i + batch).map((thing) =>
          mqtt.connectAsync(mqttUrl, {
            clientId: `gw-${thing}`,
            username: `gw-${thing}`,
            password: passwords ? passwords[thing] : password,
            clean: false,
            reconnectPeriod: 1000,
            connectTimeout: 30_000,
            keepalive: 60,
          }),
        ),
      );
      clients.push(...connected);
    }
  } catch (error) {
    await closeGateways(clients);
    throw error;
  }
  return clients;
}

async function closeGateways(clients) {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
}

/**
 * Publishes report `round` of every gateway, spread evenly over `spreadMs` from `startAt` (now unless
 * told: a sustained run keeps its rounds on the clock however long making one took); resolves when every
 * publish is acknowledged (PUBACK), or after `ackTimeoutMs` with the ones still open counted. With
 * `acksLater` it resolves once all are sent, `acked` then a promise of that count (the next round need
 * not wait for the last PUBACKs of this one).
 */
async function publishRound({ clients, things, reports, round, spreadMs, ackTimeoutMs = 60_000, startAt = Date.now(), acksLater = false }) {
  const started = startAt;
  const pending = [];
  let samples = 0;
  let messages = 0;
  for (let i = 0; i < clients.length; i++) {
    const due = started + (spreadMs * i) / clients.length;
    const wait = due - Date.now();
    if (wait > 5) await new Promise((r) => setTimeout(r, wait));
    const report = reports[i][round];
    if (!report) continue;
    samples += report.samples;
    messages++;
    pending.push(clients[i].publishAsync(`helio/things/${things[i]}/shadow/reported`, report.body, { qos: 1 }).then(() => true));
  }
  const acked = ackedOf(pending, ackTimeoutMs);
  return { samples, messages, acked: acksLater ? acked : await acked };
}

/** How many of the publishes were acknowledged, or undefined when some were still open after `timeoutMs`. */
async function ackedOf(pending, timeoutMs) {
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  const outcome = await Promise.race([Promise.allSettled(pending), timeout]);
  clearTimeout(timer);
  return outcome === 'timeout' ? undefined : outcome.filter((o) => o.status === 'fulfilled').length;
}

module.exports = { reportsFor, liveFleet, connectGateways, closeGateways, publishRound, samplesOf, STEP_MS };
