// A mix of the console's API reads through the load balancer from a few workers, each call timed
// and its answer checked; calls are labelled with the phase (fault) under way when they were made.
'use strict';
const http = require('node:http');

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function postJson(base, apiPath, body, token) {
  const url = new URL(base);
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `/api/${apiPath}`,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${token}` },
      },
      (response) => {
        const chunks = [];
        response.on('data', (c) => chunks.push(c));
        response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString() }));
        response.on('error', () => resolve({ status: 0, text: '' }));
      },
    );
    request.setTimeout(15_000, () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve({ status: 0, text: error.message }));
    request.end(payload);
  });
}

/** The calls of the mix: name → (context) → [apiPath, body]. */
function callsOf({ things, plantIds }) {
  const day = () => {
    const end = Date.now() - (Date.now() % 60_000);
    return { startTime: new Date(end - 86_400_000).toISOString(), endTime: new Date(end).toISOString() };
  };
  return [
    ['iot/thing/shadow', (i) => ({ thingName: things[i % things.length] })],
    ['hono/plants/get', (i) => ({ id: plantIds[i % plantIds.length] })],
    ['plant/fleet/summary', () => ({})],
    ['users/info', () => ({})],
    ['metric/time-series', (i, ctx) => ({ pgParams: { ...ctx.seriesOf(i), ...day(), granularity: '1h' } })],
  ];
}

/**
 * Runs `workers` loops until `deadline`, each making one call of the mix after another with `pauseMs`
 * between; `phase()` names what is under way. Answers the per-call, per-phase record.
 */
function runApiMix({ base, tokenOf, context, workers, pauseMs, deadline, phase }) {
  const calls = callsOf(context);
  const record = []; // { call, phase, ms, status, at, error? }
  let stopped = false;
  const loops = Array.from({ length: workers }, async (_, w) => {
    for (let i = w; !stopped && Date.now() < deadline; i += workers) {
      const [apiPath, body] = calls[i % calls.length];
      const started = performance.now();
      const at = Date.now();
      const phaseAtStart = phase();
      const answer = await postJson(base, apiPath, body(i, context), await tokenOf());
      // A call that began in a fault's window belongs to that fault, even if it ends after the window.
      const phaseAtEnd = phase();
      const entry = {
        call: apiPath,
        phase: phaseAtStart === 'steady' ? phaseAtEnd : phaseAtStart,
        ms: performance.now() - started,
        status: answer.status,
        at,
      };
      // What went wrong, kept short: a failed call's own words say which side gave up.
      if (answer.status !== 200) entry.error = answer.text.slice(0, 200);
      record.push(entry);
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  });
  return {
    record,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
    },
    done: Promise.all(loops),
  };
}

module.exports = { runApiMix, postJson };
