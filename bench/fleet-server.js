// The built server on a prepared data dir, for the fleet-size benches: started with the simulator
// off, signed in as the demo owner, stopped afterwards; and the timed calls they make.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');
const dist = require('./dist-paths');
const { DEMO_ACCOUNTS } = require(dist.server('demo/demo-data'));
const { summary, waitUntil } = require('./stats');

async function post(base, apiPath, body, token) {
  const response = await fetch(`${base}/api/${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${apiPath} answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** p50/p99 of `count` sequential calls after 5 warm-up calls. */
async function p50Of(count, call) {
  for (let i = 0; i < 5; i++) await call();
  const durations = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await call();
    durations.push(performance.now() - t);
  }
  return summary(durations);
}

/** Runs `work({ base, admin, idToken })` against the built server on the data dir; the server stops afterwards. */
async function withFleetServer({ port, mqttPort, dataDir, databaseUrl }, work) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(dist.root, 'server', 'dist', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      SIM_HISTORY_DAYS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const up = await waitUntil(async () => (await fetch(`${base}/api/health`).catch(() => ({ ok: false }))).ok, 30_000);
    if (!up) throw new Error('the server did not answer /api/health within 30 s');
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'owner');
    const { idToken } = await post(base, 'auth/sign-in', { username: admin.email, password: admin.password });
    return await work({ base, admin, idToken });
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

module.exports = { post, p50Of, withFleetServer };
