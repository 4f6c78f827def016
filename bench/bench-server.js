// The benches' server: the built server started on loopback with a data dir of its own (no simulator;
// `env` adds or overrides variables; BENCH_SERVER_PROFILE profiles it) and stopped by the caller, and a
// sign-in through the console's page.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');
const dist = require('./dist-paths');
const { waitUntil } = require('./stats');
// The same JSON POST as the fleet benches' (throws on anything but 200).
const { post } = require('./fleet-server');

async function startBenchServer({ port, mqttPort, dataDir, databaseUrl, env = {} }) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...dist.profileArgs(), path.join(dist.root, 'server', 'dist', 'main.js')], {
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
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
  const up = await waitUntil(async () => (await fetch(`${base}/api/health`).catch(() => ({ ok: false }))).ok, 30_000);
  if (!up) {
    await stop();
    throw new Error('the server did not answer /api/health within 30 s');
  }
  return { base, stop, pid: server.pid };
}

/** Signs in through the sign-in page and waits for the dashboard. */
async function signInPage(page, base, account) {
  await page.goto(`${base}/auth/sign-in`);
  await page.getByLabel(/e-mail/i).fill(account.email);
  await page
    .getByLabel(/heslo|password/i)
    .first()
    .fill(account.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/$/);
}

module.exports = { startBenchServer, post, signInPage };
