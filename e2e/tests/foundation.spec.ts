import { expect, openSignedIn, recordUrls, signIn, test, visitedUrls } from './support';

test('visiting / signed out goes through /auth/sign-out to the sign-in page', async ({ page }) => {
  await recordUrls(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.locator('#helio-layout')).toBeHidden();
  expect(await visitedUrls(page)).toContain('/auth/sign-out');
});

test('an unknown auth route shows the not-found page', async ({ page }) => {
  await page.goto('/auth/no-such-page');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('signing in shows the dashboard of a demo plant whose figures update live', async ({ page }) => {
  await signIn(page);
  await expect(page.locator('#helio-nav')).toBeVisible();
  const reportedAt = page.getByTestId('tile-pv').getByTestId('reported-at');
  await expect(page.getByTestId('tile-pv-value')).toContainText(/W/);
  await expect(page.getByTestId('tile-load-value')).toContainText(/W/);
  const first = await reportedAt.textContent();
  // the simulator reports every second in this run; the tile follows without a reload
  await expect(reportedAt).not.toHaveText(first ?? '', { timeout: 20_000 });
});

test('the dashboard follows the plant chosen in the nav', async ({ page }) => {
  await openSignedIn(page);
  const switcher = page.getByTestId('plant-switcher');
  await expect(switcher).toBeVisible();
  const heading = page.getByTestId('dashboard-plant-name');
  const before = await heading.textContent();
  await switcher.selectOption({ index: 1 });
  await expect(heading).not.toHaveText(before ?? '');
  await page.reload();
  await expect(page.getByTestId('dashboard-plant-name')).not.toHaveText(before ?? '');
});

test('exactly one copy of React reaches the browser', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('tile-pv')).toBeVisible();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js')),
  );
  expect(scripts.filter((s) => /\/react@[^/]*\.js$/.test(s))).toHaveLength(1);
  expect(scripts.filter((s) => /\/react-dom_client@[^/]*\.js$/.test(s))).toHaveLength(1);
  const reactModules = await page.evaluate(() => {
    const names: string[] = [];
    for (const [id] of (System as unknown as { entries(): Iterable<[string, unknown]> }).entries()) names.push(id);
    return names.filter((n) => /\/react(@|-dom)/.test(n));
  });
  expect(reactModules.filter((n) => /\/react@/.test(n))).toHaveLength(1);
});

test('an app that fails to load shows an error panel while the nav keeps working', async ({ page }) => {
  await openSignedIn(page);
  await page.evaluate(() => localStorage.setItem('import-map-override:@helio/monitoring-app', '/apps/monitoring-app/missing.js'));
  await page.reload();
  await expect(page.getByTestId('app-error')).toBeVisible();
  await expect(page.getByTestId('plant-switcher')).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('import-map-override:@helio/monitoring-app'));
});

test('an import-map override swaps one app in the running console', async ({ page, baseURL }) => {
  const url = `${baseURL}/override/monitoring-app.js`;
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `System.register([], function (_export) {
        return { execute: function () {
          _export({
            bootstrap: function () { return Promise.resolve(); },
            mount: function (props) {
              props.domElement.innerHTML = '<p data-testid="override">monitoring-app from an override</p>';
              return Promise.resolve();
            },
            unmount: function (props) { props.domElement.innerHTML = ''; return Promise.resolve(); }
          });
        } };
      });`,
    }),
  );
  await openSignedIn(page);
  await page.evaluate((u) => localStorage.setItem('import-map-override:@helio/monitoring-app', u), url);
  await page.reload();
  await expect(page.getByTestId('override')).toBeVisible();
  await expect(page.getByTestId('plant-switcher')).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('import-map-override:@helio/monitoring-app'));
});
