// Browser journeys in Debian's Chromium against the real server (built apps, SQLite, embedded MQTT
// broker, simulator) started the way the README says, on ports of its own and a fresh data dir.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import chromiumOptions from './chromium-options';

const port = Number(process.env.E2E_PORT ?? 18480);
process.env.HELIO_E2E_DATA ??= fs.mkdtempSync(path.join(os.tmpdir(), 'helio-e2e-'));
export const baseURL = `http://127.0.0.1:${port}`;
/** The server's own login on its embedded broker, so a journey can play a gateway's reports. */
export const E2E_BROKER_LOGIN = { username: 'helio-server', password: process.env.E2E_MQTT_PASSWORD ?? 'helio-e2e-broker' };

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    headless: true,
    launchOptions: { executablePath: chromiumOptions.executablePath, args: chromiumOptions.args },
    trace: 'off',
  },
  webServer: {
    command: 'node server/dist/main.js',
    cwd: path.join(__dirname, '..'),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.HELIO_E2E_DATA,
      MQTT_PORT: String(Number(process.env.E2E_MQTT_PORT ?? 18831)),
      SIM_INTERVAL_MS: '1000',
      // The alert engine judges every 2 s instead of 30 s, so a journey sees an alert open and clear.
      ALERT_TICK_MS: '2000',
      // Remote-control schedules are checked every second, so a window's edge applies within it.
      RC_TICK_MS: '1000',
      // A gateway applies a setting a moment after the delta arrives, as an inverter's control cycle
      // does, so a journey can see a change pending before the device confirms it.
      SIM_APPLY_DELAY_MS: '700',
      MQTT_USERNAME: E2E_BROKER_LOGIN.username,
      MQTT_PASSWORD: E2E_BROKER_LOGIN.password,
      LOG_LEVEL: 'warn',
      // The integrations journey's webhook receiver listens on loopback, and deliveries go out at once.
      WEBHOOK_ALLOW_PRIVATE: 'on',
      WEBHOOK_POLL_MS: '500',
    },
  },
});
