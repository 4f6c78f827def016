// Browser journeys in Debian's Chromium against the real server (built apps, SQLite, embedded MQTT
// broker, simulator) started the way the README says, on ports of its own and a fresh data dir.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import chromiumOptions from './chromium-options';

/**
 * Journeys run in E2E_WORKERS workers (3 by default: they mostly wait on the browser and the server),
 * each against a server of its own: ports E2E_PORT/E2E_MQTT_PORT plus 10 per worker slot and a data
 * directory of its own, so no journey sees another's changes. Spec files are handed out to the
 * workers in turn; the journeys in one file run in order.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 3);
const firstPort = Number(process.env.E2E_PORT ?? 18480);
const firstMqttPort = Number(process.env.E2E_MQTT_PORT ?? 18831);
process.env.HELIO_E2E_ROOT ??= fs.mkdtempSync(path.join(os.tmpdir(), 'helio-e2e-'));
const slotOf = (slot: number) => ({
  port: firstPort + 10 * slot,
  mqttPort: firstMqttPort + 10 * slot,
  dataDir: path.join(String(process.env.HELIO_E2E_ROOT), `worker-${slot}`),
});
// Playwright sets TEST_PARALLEL_INDEX in each worker; the runner, which starts the servers, has none.
const own = slotOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
// What a journey reads of its server's files (the outbox, releases): its data directory.
process.env.HELIO_E2E_DATA = own.dataDir;
export const baseURL = `http://127.0.0.1:${own.port}`;
/** The server's own login on its embedded broker, so a journey can play a gateway's reports. */
export const E2E_BROKER_LOGIN = { username: 'helio-server', password: process.env.E2E_MQTT_PASSWORD ?? 'helio-e2e-broker' };
/** The broker of this worker's server, where a journey plays a gateway. */
export const E2E_MQTT_URL = `mqtt://127.0.0.1:${own.mqttPort}`;

const server = (slot: number) => {
  const { port, mqttPort, dataDir } = slotOf(slot);
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    command: 'node server/dist/main.js',
    cwd: path.join(__dirname, '..'),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MQTT_PORT: String(mqttPort),
      SIM_INTERVAL_MS: '1000',
      // The alert engine judges every 2 s instead of 30 s, so a journey sees an alert open and clear.
      ALERT_TICK_MS: '2000',
      // Remote-control schedules are checked every second, so a window's edge applies within it.
      RC_TICK_MS: '1000',
      // The OCPP chargers' limits are set every second and PV starts after 2 s of surplus instead of
      // evcc's 60 s, so a journey sees a profile follow the surplus.
      OCPP_TICK_MS: '1000',
      OCPP_PV_START_HOLD_MS: '2000',
      // A gateway applies a setting a moment after the delta arrives, as an inverter's control cycle
      // does, so a journey can see a change pending before the device confirms it.
      SIM_APPLY_DELAY_MS: '700',
      MQTT_USERNAME: E2E_BROKER_LOGIN.username,
      MQTT_PASSWORD: E2E_BROKER_LOGIN.password,
      LOG_LEVEL: 'warn',
      // The integrations journey's webhook receiver listens on loopback, and deliveries go out at once.
      WEBHOOK_ALLOW_PRIVATE: 'on',
      WEBHOOK_POLL_MS: '500',
      // The push journey's push service (web-push-testing) listens on loopback over http.
      PUSH_ALLOW_PRIVATE: 'on',
    },
  };
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    headless: true,
    launchOptions: { executablePath: chromiumOptions.executablePath, args: chromiumOptions.args },
    trace: 'off',
    // The console's service worker answers hashed files from its cache, out of reach of page.route:
    // journeys that stub requests would no longer see them. Only the PWA journeys (pwa*.spec.ts) allow it.
    serviceWorkers: 'block',
    // One browser context per worker, reset between journeys (Playwright's own reuse: cookies, storage,
    // permissions, pages and routes cleared; a journey with other context options gets a context of
    // its own). What a reset keeps is the HTTP and code caches: a journey's first page no longer
    // downloads and compiles the console anew.
    reuseContext: true,
  },
  webServer: Array.from({ length: WORKERS }, (_, slot) => server(slot)),
});
