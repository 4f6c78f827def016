// Ingest: many gateways publish reports (QoS 1) through the server's MQTT broker as fast as it takes
// them; the rate is stored samples per second, from the first publish until the last is stored.
// Lost = published samples that never reached storage (it must be 0).
'use strict';
const mqtt = require('mqtt');
const dist = require('./dist-paths');
const { countSamplesOf } = require('./stored-samples');
const { newPlantRun, plantHistory } = require(dist.simulator());
const { simPlantConfig } = require(dist.server('iot/services'));
const { samplesOf } = require('./gateways');
const { waitUntil } = require('./stats');

const STEP_MS = 5 * 60_000;

async function ingest({ db, mqttUrl, plant, gatewayThings, gatewayPasswords, reportsPerGateway, timeoutMs }) {
  // Reports of the last hours: inside the window in which the server trusts device clocks.
  const now = Date.now();
  const from = now - (now % STEP_MS) - (reportsPerGateway + 1) * STEP_MS;
  const payloads = gatewayThings.map((thingName) => {
    const run = newPlantRun(simPlantConfig({ ...plant, thing_name: thingName }));
    return [...plantHistory(run, from, from + reportsPerGateway * STEP_MS, STEP_MS)].map((r) => ({
      body: JSON.stringify({ state: { reported: r.reported }, timestamp: r.ts }),
      // counted as the server stores them: a charger's EvConnected flag is a sample too (1 / 0)
      samples: samplesOf(r.reported),
    }));
  });
  const published = payloads.flat().reduce((n, p) => n + p.samples, 0);
  const clients = await Promise.all(
    gatewayThings.map((thing) =>
      mqtt.connectAsync(mqttUrl, {
        clientId: `gw-${thing}`,
        username: `gw-${thing}`,
        password: gatewayPasswords[thing],
        clean: true,
        reconnectPeriod: 0,
      }),
    ),
  );
  const stored = () => countSamplesOf(db, gatewayThings);
  const before = await stored();

  const started = performance.now();
  await Promise.all(
    clients.map(async (client, i) => {
      for (const { body } of payloads[i]) await client.publishAsync(`helio/things/${gatewayThings[i]}/shadow/reported`, body, { qos: 1 });
    }),
  );
  const publishSeconds = (performance.now() - started) / 1000;
  let last = before;
  await waitUntil(async () => (last = await stored()) - before >= published, timeoutMs, 100);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.endAsync()));
  const count = last - before;
  return {
    gateways: gatewayThings.length,
    reports: payloads.flat().length,
    published,
    stored: count,
    lost: published - count,
    seconds,
    publishSeconds,
    perSecond: count / seconds,
  };
}

module.exports = { ingest };
