// The first load: import-map-overrides reaches only a browser that asks for it (an override or the
// devtools key), and there it still swaps an app for another URL; icons are asked for once each.
import { expect, signIn, test } from './support';

test('a browser without overrides does not download import-map-overrides', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => scripts.push(request.url()));
  await signIn(page);
  await expect(page.getByTestId('nav-entry-ems')).toBeVisible();
  expect(scripts.filter((url) => url.includes('import-map-overrides'))).toEqual([]);
  expect(await page.evaluate(() => 'importMapOverrides' in window)).toBe(false);
});

test('with the devtools key it is loaded, and an override swaps the app for another URL', async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem('devtools', 'true'));
  await page.reload();
  await expect(page.getByTestId('nav-entry-ems')).toBeVisible();
  const builtUrl = await page.evaluate(() => {
    const map = JSON.parse(document.querySelector('script[type="systemjs-importmap"]')?.textContent ?? '{}') as {
      imports: Record<string, string>;
    };
    return map.imports['@helio/monitoring-app'];
  });
  // The same build under another URL stands in for a developer's server.
  await page.evaluate((url) => {
    (window as unknown as { importMapOverrides: { addOverride(name: string, url: string): void } }).importMapOverrides.addOverride(
      '@helio/monitoring-app',
      `${url}?from-override`,
    );
  }, builtUrl);
  const overridden = page.waitForRequest((request) => request.url().endsWith('?from-override'));
  await page.reload();
  await overridden;
  await expect(page.getByTestId('nav-entry-ems')).toBeVisible();
  await page.evaluate(() => localStorage.clear());
});

test('the plants table asks for each icon once, and the browser keeps the icons for a year', async ({ page }) => {
  // Blueprint asks its loader again for every icon drawn before the first answer: a row icon was
  // fetched once per row (shared-deps/src/blueprintjs-icons.js).
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    if (request.url().includes('/blueprint-icons@')) asked.set(request.url(), (asked.get(request.url()) ?? 0) + 1);
  });
  const rowIcon = page.waitForResponse((response) => /\/blueprint-icons@[^/]+\/16\/star-empty\.json$/.test(response.url()));
  await signIn(page);
  asked.clear(); // counted within one load of the page
  await page.goto('/management/plants');
  await expect(page.getByTestId('make-active').nth(1)).toBeVisible();
  expect((await rowIcon).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect([...asked].filter(([, times]) => times > 1)).toEqual([]);
});
