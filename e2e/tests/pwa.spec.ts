// The installable console in Chromium: the web app manifest and its icons as Chromium judges them for
// installing, the service worker controlling the page, an offline reload answered by the translated
// offline page (hashed files from the cache, the API never), and a new release picked up on the next
// load while the worker controls the page (index.html and its import map always come from the network).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import chromiumOptions from '../chromium-options';
import { baseURL } from '../playwright.config';
import { expect, test } from './support';
import { ADMIN } from './support';
import { editTexts, releaseCopyOf, releases, servedRelease, signInForReleases } from './releases-support';

test.use({ serviceWorkers: 'allow' });

const FEP = '@helio/fep-app';

/** Width and height a PNG's header states. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Waits until the service worker is active and controls the page (a reload after the first visit). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

test('the manifest and icons meet Chromium’s install criteria and the service worker controls the page', async ({ request }) => {
  // A profile of its own: Chromium never offers installing in an off-the-record context (Playwright's usual).
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...chromiumOptions, headless: true, baseURL, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await page.goto('/auth/sign-in');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
    await checkManifest(page, request);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

/** The manifest as Chromium parsed it, and its icons as they are served. */
async function checkManifest(page: Page, request: APIRequestContext): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
  expect(new URL(url).pathname).toBe('/manifest.webmanifest');
  expect(errors).toEqual([]);
  const manifest = JSON.parse(data) as {
    name: string;
    short_name: string;
    display: string;
    start_url: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Helio EMS', short_name: 'Helio', display: 'standalone', start_url: '/' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
    const [width, height] = pngSize(await response.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
}

test('an offline reload shows the offline page in the console’s language; hashed files come from the cache, the API does not', async ({
  page,
  context,
}) => {
  await page.goto('/auth/sign-in');
  await controlled(page);
  await expect(page.getByLabel(/e-mail/i)).toBeVisible();
  const shellModule = await page.evaluate(() => System.resolve('@helio/root-config'));

  await context.setOffline(true);
  try {
    // on the console's page (its policy lets it fetch from this origin), now without a network: the
    // hashed file from the browser's HTTP cache (the worker leaves hashed files to it), the API from nowhere
    const offline = await page.evaluate(async (shell) => {
      const hashed = await fetch(shell).then(
        (r) => r.status,
        () => 'failed',
      );
      const api = await fetch('/api/health').then(
        (r) => r.status,
        () => 'failed',
      );
      return { hashed, api };
    }, shellModule);
    expect(offline).toEqual({ hashed: 200, api: 'failed' });

    await page.reload();
    await expect(page.getByTestId('offline-page')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Jste offline' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zkusit znovu' })).toHaveAttribute('href', '/auth/sign-in');
    await expect(page.locator('img')).toHaveJSProperty('naturalWidth', 192); // the icon, from the installed copy

    // the page tells the worker its language (root-config/src/service-worker.ts does it on every change)
    await page.evaluate(() => navigator.serviceWorker.controller?.postMessage({ type: 'language', language: 'en' }));
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible({ timeout: 1000 });
    }).toPass();
  } finally {
    await context.setOffline(false);
  }
  await page.getByRole('link', { name: 'Retry' }).click();
  await expect(page.getByLabel(/e-mail/i)).toBeVisible();
});

test('a release promoted while the service worker controls the page is what the next load runs', async ({ page }) => {
  test.setTimeout(120_000);
  await signInForReleases(page, ADMIN);
  await controlled(page);
  // the page's request starts while the worker starts, and still carries the release it names
  expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.navigationPreload.getState()))).toMatchObject({
    enabled: true,
  });
  const before = await servedRelease(page, FEP);
  expect(before).toBeDefined();
  const next = releaseCopyOf('fep-app', (dir) => editTexts(dir, 'fep-app', (texts) => void (texts.description = 'Forecast PWA NEXT')));
  releases('canary', 'fep-app', next, '--org', 'Helio Demo');
  releases('promote', 'fep-app');
  try {
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await servedRelease(page, FEP)).toBe(next);
    const nextEntry = await page.evaluate((name) => System.resolve(name), FEP);
    expect(nextEntry).toContain(`/releases/fep-app/${next}/`);
  } finally {
    releases('rollback', 'fep-app');
  }
  await page.reload();
  expect(await servedRelease(page, FEP)).toBe(before);
});
