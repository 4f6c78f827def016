// The developer workflow of the README under the Content-Security-Policy: an app swapped for a dev
// server's bundle with import-map-overrides is refused by default, and runs on a console started with
// CSP_DEV_ORIGINS naming that dev server.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openSignedIn, test } from './support';

const OVERRIDE_KEY = 'import-map-override:@helio/monitoring-app';

/** A stand-in for `npm run dev -w monitoring-app`: another origin serving a System.register app. */
function startDevServer(): Promise<http.Server> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/javascript', 'access-control-allow-origin': '*' });
    response.end(`System.register([], function (_export) {
      return { execute: function () {
        _export({
          bootstrap: function () { return Promise.resolve(); },
          mount: function (props) {
            var p = document.createElement('p');
            p.setAttribute('data-testid', 'dev-override');
            p.textContent = 'monitoring-app from its dev server';
            props.domElement.append(p);
            return Promise.resolve();
          },
          unmount: function (props) { props.domElement.replaceChildren(); return Promise.resolve(); }
        });
      } };
    });`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A free loopback port, so the second console never meets another engineer's server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function overrideMonitoring(page: Page, url: string): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [OVERRIDE_KEY, url]);
  await page.reload();
}

let devServer: http.Server;
let devOrigin = '';
test.beforeAll(async () => {
  devServer = await startDevServer();
  devOrigin = `http://127.0.0.1:${(devServer.address() as net.AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => devServer.close(resolve));
});

test.describe('by default', () => {
  test.use({ failOnCspViolation: false });

  test("the browser refuses a dev server's bundle and the shell shows the app's error panel", async ({ page, cspViolations }) => {
    await openSignedIn(page);
    await overrideMonitoring(page, `${devOrigin}/helio-monitoring-app.js`);
    await expect(page.getByTestId('app-error')).toBeVisible();
    await expect(page.getByTestId('dev-override')).toHaveCount(0);
    await expect.poll(() => cspViolations.join('\n')).toContain(`script-src-elem refused ${devOrigin}/helio-monitoring-app.js`);
    await page.evaluate((key) => localStorage.removeItem(key), OVERRIDE_KEY);
  });
});

test.describe('with CSP_DEV_ORIGINS naming the dev server', () => {
  let server: ChildProcess;
  let consoleUrl = '';
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const [port, mqttPort] = [await freePort(), await freePort()];
    consoleUrl = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-e2e-dev-'));
    server = spawn(process.execPath, ['server/dist/main.js'], {
      cwd: path.join(__dirname, '..', '..'),
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        MQTT_PORT: String(mqttPort),
        DATA_DIR: dataDir,
        SIMULATOR: 'off',
        LOG_LEVEL: 'warn',
        CSP_DEV_ORIGINS: devOrigin,
      },
    });
    await expect.poll(async () => (await fetch(`${consoleUrl}/api/health`).catch(() => undefined))?.status, { timeout: 60_000 }).toBe(200);
  });
  test.afterAll(() => {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the dev server's app runs in the console with no violation", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: consoleUrl });
    const page = await context.newPage();
    const response = await page.goto('/auth/sign-in');
    expect(await response?.headerValue('content-security-policy')).toMatch(new RegExp(`script-src 'self'[^;]* ${devOrigin}(;| )`));
    await openSignedIn(page);
    await overrideMonitoring(page, `${devOrigin}/helio-monitoring-app.js`);
    await expect(page.getByTestId('dev-override')).toBeVisible();
    await expect(page.getByTestId('plant-switcher')).toBeVisible();
    await context.close();
  });
});
