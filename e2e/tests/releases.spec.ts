// Incremental rollout of one module: a second release of an app as the canary of one organisation,
// promoted to everyone and rolled back, on the releases page; a canary whose entry fails in the
// browser is rolled back by the server on its users' error reports; and an override to a second
// server's build swaps the app for one browser only.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { createActiveUser } from './accounts';
import { ADMIN, expect, openSignedIn, test } from './support';
import { editTexts, fileStamps, OTHER, releaseCopyOf, releases, ROOT, servedRelease, signInForReleases } from './releases-support';

const FEP = '@helio/fep-app';
const EV = '@helio/ev-app';

async function browserOf(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInForReleases(page, user);
  return page;
}

/** Reloads the page on `path` (a new page load: the server chooses the releases again). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
}

test.describe.configure({ mode: 'serial' });

test('a canary for one organisation, promoted to everyone and rolled back on the releases page', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const stable = /\b0\.1\.0-[0-9a-f]{8}\b/;
  const canary = releaseCopyOf('fep-app', (dir) => editTexts(dir, 'fep-app', (texts) => void (texts.description = 'Forecast CANARY')));
  expect(canary).toMatch(stable);
  releases('canary', 'fep-app', canary, '--org', 'Other Energy s.r.o.');

  const other = await browserOf(browser, OTHER);
  const demo = await browserOf(browser, ADMIN);
  // the page's description is the app's own text (its name is the console's, in common.json)
  const canaryText = (p: Page) => p.getByText(/Forecast CANARY/);
  await open(other, '/fep');
  await expect(canaryText(other)).toBeVisible();
  expect(await servedRelease(other, FEP)).toBe(canary);
  await open(demo, '/fep');
  await expect(demo.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(canaryText(demo)).toHaveCount(0);
  expect(await servedRelease(demo, FEP)).not.toBe(canary);

  // the releases page: the canary with its organisation, promoted in one action
  await openSignedIn(page, '/integrations/releases');
  const card = page.getByTestId('release-module-fep-app');
  await expect(card.getByTestId('release-canary')).toHaveText(canary);
  await expect(card).toContainText('Other Energy s.r.o.');
  await card.getByTestId('release-promote').click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /Povýšit|Promote/ })
    .click();
  await expect(card.getByTestId('release-stable')).toHaveText(canary);
  for (const p of [other, demo]) {
    await open(p, '/fep');
    await expect(canaryText(p)).toBeVisible();
  }

  // rolling back writes no file anywhere: no other module's files change and nothing is rebuilt
  const publicBefore = fileStamps(path.join(ROOT, 'dist', 'public'));
  const storeBefore = fileStamps(path.join(String(process.env.HELIO_E2E_DATA), 'releases'));
  await card.getByTestId('release-rollback').click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /Vrátit zpět|Roll back/ })
    .click();
  await expect(card.getByTestId('release-stable')).not.toHaveText(canary);
  for (const p of [other, demo]) {
    await open(p, '/fep');
    await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(canaryText(p)).toHaveCount(0);
    expect(await servedRelease(p, FEP)).not.toBe(canary);
  }
  expect(fileStamps(path.join(ROOT, 'dist', 'public'))).toEqual(publicBefore);
  expect(fileStamps(path.join(String(process.env.HELIO_E2E_DATA), 'releases'))).toEqual(storeBefore);
  await expect(page.getByTestId('release-history')).toContainText(ADMIN.email);
  await other.context().close();
  await demo.context().close();
});

test('a canary whose entry fails shows the error panel, leaves the rest working, and is rolled back by its users’ error reports', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const broken = releaseCopyOf('ev-app', (dir) => {
    const { entries } = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { entries: Record<string, string> };
    const entry = path.join(dir, entries['helio-ev-app'] ?? '');
    fs.writeFileSync(entry, "System.register([], function () { throw new Error('ev-app canary is broken'); });\n");
  });
  releases('canary', 'ev-app', broken, '--org', 'Other Energy s.r.o.', '--min-loads', '2', '--max-error-rate', '0.5');

  // Each user counts once, and at least three must have loaded it: three users of the organisation.
  const colleagues = [];
  for (const prefix of ['canary-a', 'canary-b'])
    colleagues.push(await createActiveUser(request, { prefix, modules: ['ev', 'monitoring'], inviter: OTHER }));
  const other = await browserOf(browser, OTHER);
  const browsers = [other, ...(await Promise.all(colleagues.map((user) => browserOf(browser, user))))];
  for (const [i, user] of browsers.entries()) {
    const reported = user.waitForResponse(
      (r) => r.url().endsWith('/api/releases/report') && (r.request().postData() ?? '').includes('ev-app canary is broken'),
    );
    await open(user, '/ev');
    expect([i, await servedRelease(user, EV)]).toEqual([i, broken]);
    await expect(user.getByTestId('app-error')).toBeVisible();
    await reported;
  }
  // the nav and the other apps keep working beside the failed one
  await other.getByTestId('nav-entry-ems').click();
  await expect(other.getByTestId('app-error')).toBeHidden();
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();

  // three users, three saw it fail: past 50 %, so the server rolled the canary back by itself
  await open(other, '/ev');
  expect(await servedRelease(other, EV)).not.toBe(broken);
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(other.getByTestId('app-error')).toHaveCount(0);

  await openSignedIn(page, '/integrations/releases');
  const card = page.getByTestId('release-module-ev-app');
  await expect(card.getByTestId('release-auto-rollback')).toContainText(broken);
  await expect(card.getByTestId('release-canary')).not.toHaveText(broken);
  expect(releases('list')).toContain(`rolled back by itself`);
  for (const user of browsers) await user.context().close();
});

test.describe('an override to a second server', () => {
  let devServer: http.Server;
  let devOrigin = '';
  let second: ChildProcess;
  let consoleUrl = '';
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    // A developer's server with their own build of the forecasting app (here: the built one, served from elsewhere).
    const build = path.join(ROOT, 'dist', 'public', 'apps', 'fep-app');
    devServer = http.createServer((request, response) => {
      const file = path.join(build, path.normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/')));
      if (!file.startsWith(build) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
        response.writeHead(404).end();
        return;
      }
      const type = file.endsWith('.js') ? 'application/javascript' : file.endsWith('.css') ? 'text/css' : 'application/json';
      response.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*' });
      fs.createReadStream(file).pipe(response);
    });
    await new Promise<void>((resolve) => devServer.listen(0, '127.0.0.1', resolve));
    devOrigin = `http://127.0.0.1:${(devServer.address() as net.AddressInfo).port}`;
    const [port, mqttPort] = [await freePort(), await freePort()];
    consoleUrl = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-e2e-override-'));
    second = spawn(process.execPath, ['server/dist/main.js'], {
      cwd: ROOT,
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
  test.afterAll(async () => {
    second.kill('SIGTERM');
    await new Promise((resolve) => devServer.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("replaces the app in the browser that sets it, while another browser keeps the console's release", async ({ browser }) => {
    const withOverride = await browser.newContext({ baseURL: consoleUrl });
    const without = await browser.newContext({ baseURL: consoleUrl });
    const overridden = await withOverride.newPage();
    const plain = await without.newPage();
    for (const p of [overridden, plain]) await openSignedIn(p);
    const entry = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', 'public', 'apps', 'fep-app', 'manifest.json'), 'utf8')) as {
      entries: Record<string, string>;
    };
    const devUrl = `${devOrigin}/${entry.entries['helio-fep-app']}`;
    await overridden.evaluate(([key, url]) => localStorage.setItem(key, url), [`import-map-override:${FEP}`, devUrl]);

    const fromDev = overridden.waitForRequest((r) => r.url() === devUrl);
    await overridden.goto('/fep');
    await fromDev;
    await expect(overridden.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await overridden.evaluate((name) => System.resolve(name), FEP)).toBe(devUrl);

    const urls: string[] = [];
    plain.on('request', (r) => urls.push(r.url()));
    await plain.goto('/fep');
    await expect(plain.getByRole('heading', { level: 1 })).toBeVisible();
    const served = await servedRelease(plain, FEP);
    expect(urls.some((u) => u.startsWith(`${consoleUrl}/releases/fep-app/${served}/`))).toBe(true);
    expect(urls.filter((u) => u.startsWith(devOrigin))).toEqual([]);
    await withOverride.close();
    await without.close();
  });
});

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
