// The gateways' side of the load: every gateway publishes one report each 5 s (spread over the 5 s),
// QoS 1, for as many rounds as the run lasts. Round r's reports carry the timestamp t0 + r × 5 s, so
// what was sent in a round (and under which fault) can be matched with what was stored.
'use strict';
const dist = require('../bench/dist-paths');
const { newPlantRun, plantHistory } = require(dist.simulator());
const { samplesOf } = require('../bench/gateways');

const ROUND_MS = 5000;

function startGatewayLoad({ clients, plants, deadline, phase }) {
  const t0 = Date.now() - (Date.now() % ROUND_MS);
  const rounds = Math.ceil((deadline - t0) / ROUND_MS) + 1;
  const histories = plants.map((p) =>
    plantHistory(
      newPlantRun({
        thingName: p.thing_name,
        latitude: p.latitude,
        longitude: p.longitude,
        timezone: p.timezone,
        pvPeakKw: p.pv_peak_kw,
        batteryKwh: p.battery_kwh,
        chargerKw: p.charger_kw,
      }),
      t0 - ROUND_MS,
      t0 + rounds * ROUND_MS,
      ROUND_MS,
    ),
  );
  const sent = []; // per round: { ts, phase, samples, messages }
  const pending = new Set();
  let failed = 0;
  let stopped = false;
  const run = (async () => {
    for (let round = 0; !stopped && round < rounds && Date.now() < deadline; round++) {
      const roundStart = t0 + round * ROUND_MS;
      const entry = { ts: roundStart, phase: phase(), samples: 0, messages: 0 };
      sent.push(entry);
      for (let i = 0; i < clients.length && !stopped; i++) {
        const due = roundStart + (ROUND_MS * i) / clients.length;
        if (due - Date.now() > 5) await new Promise((r) => setTimeout(r, due - Date.now()));
        const report = histories[i].next().value;
        if (!report) continue;
        if (report.ts !== roundStart) throw new Error(`report at ${report.ts}, round at ${roundStart}`);
        entry.samples += samplesOf(report.reported);
        entry.messages++;
        const body = JSON.stringify({ state: { reported: report.reported }, timestamp: report.ts });
        const publish = clients[i]
          .publishAsync(`helio/things/${plants[i].thing_name}/shadow/reported`, body, { qos: 1 })
          .catch(() => failed++)
          .finally(() => pending.delete(publish));
        pending.add(publish);
      }
      const rest = roundStart + ROUND_MS - Date.now();
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
  })();
  return {
    sent,
    t0,
    /** Stops publishing and waits (bounded) for the broker to acknowledge what is in flight. */
    async stop(ackTimeoutMs = 60_000) {
      stopped = true;
      await run;
      const until = Date.now() + ackTimeoutMs;
      while (pending.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      return { unacknowledged: pending.size, failed };
    },
  };
}

module.exports = { startGatewayLoad, ROUND_MS };
