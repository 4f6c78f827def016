// Analytics: the overview, the benchmark and a plant against its peers for the demo tenant, with the
// benchmark's energy of a plant equal to what /statistics shows for it; and a viewer given one plant
// finds only that plant ranked.
import type { APIRequestContext, Locator } from '@playwright/test';
import { adminToken, createActiveUser, goInApp } from './accounts';
import { expect, openSignedIn, test } from './support';

// The demo plants keep Prague time: so does the browser, so "yesterday" is the same day on both pages.
test.use({ timezoneId: 'Europe/Prague' });

/** A text once two reads a moment apart agree (the page has drawn what it fetched). */
async function settledText(locator: Locator): Promise<string> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = ((await locator.textContent()) ?? '').trim();
        const settled = now !== '' && now === last;
        last = now;
        return settled;
      },
      { intervals: [250] },
    )
    .toBe(true);
  return last;
}

async function demoPlants(request: APIRequestContext): Promise<Array<{ id: string; name: string }>> {
  const token = await adminToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const info = await (await request.post('/api/users/info', { data: {}, headers })).json();
  return (await request.post('/api/plant/list', { data: { id: info.tenant.id }, headers })).json();
}

test("the three analytics pages for the demo tenant, with a plant's energy as /statistics shows it", async ({ page }) => {
  // Yesterday on /statistics for the active plant: a closed day, so live reports cannot move it.
  await openSignedIn(page, '/statistics');
  const plantName = (await page.getByTestId('plant-switcher').locator('option:checked').textContent())?.trim() ?? '';
  expect(plantName).not.toBe('');
  await page.getByTestId('period-day').click();
  await expect(page.getByTestId('total-produced')).toContainText('kWh');
  // The page keeps today's figures on screen until yesterday's arrive: wait for those.
  const yesterday = page.waitForResponse((r) => r.url().endsWith('/api/metric/time-series') && r.status() === 200);
  await page.getByTestId('period-previous').click();
  await yesterday;
  const statisticsProduced = await settledText(page.getByTestId('total-produced').locator('div').nth(1));

  // The overview: every figure and its explanation.
  await goInApp(page, '/analytics');
  await expect(page.getByTestId('figure-produced-value')).toContainText(/kWh|MWh/);
  await expect(page.getByTestId('plant-count')).toContainText('3');
  for (const figure of [
    'consumed',
    'imported',
    'exported',
    'selfConsumption',
    'autarky',
    'specificYield',
    'performanceRatio',
    'availability',
    'co2',
    'money',
  ]) {
    await expect(page.getByTestId(`figure-${figure}-value`)).not.toBeEmpty();
  }
  await page.getByTestId('explain-performanceRatio-button').click();
  await expect(page.getByTestId('explain-performanceRatio')).toContainText('kWh');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('analytics-trend').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('top-plants').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('pr-method')).toContainText('Meinel');

  // The benchmark of yesterday: the plant's energy agrees with /statistics.
  await goInApp(page, '/analytics/benchmark');
  await page.getByTestId('period-day').click();
  await page.getByTestId('period-previous').click();
  const row = page.locator(`[data-testid="benchmark-row"][data-plant="${plantName}"]`);
  await expect(row.getByTestId('benchmark-produced')).toHaveText(statisticsProduced);
  await expect(page.getByTestId('benchmark-row')).toHaveCount(3);
  await expect(page.getByTestId('benchmark-rank').first()).toHaveText('1');
  await expect(page.getByTestId('benchmark-quartiles')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('benchmark-export').click();
  expect((await download).suggestedFilename()).toMatch(/^benchmark_specificYield_\d{4}-\d{2}-\d{2}(_\d{4}-\d{2}-\d{2})?\.csv$/);

  // The plant against its peers, reached from its row.
  await row.getByTestId('plant-link').click();
  await expect(page).toHaveURL(/\/analytics\/benchmark\/plant\/[\w-]+$/);
  await expect(page.getByTestId('plant-rank')).toBeVisible();
  await expect(page.getByTestId('peer-month')).toHaveCount(12);
  await expect(page.getByTestId('plant-drags')).toBeVisible();
  await expect(page.getByTestId('peer-chart').locator('canvas')).toBeVisible();
});

test('a viewer given one plant finds only that plant ranked, and not the others', async ({ browser, request }) => {
  const [plant, other] = await demoPlants(request);
  if (!plant || !other) throw new Error('the demo tenant has fewer than two plants');
  const user = await createActiveUser(request, { prefix: 'analyza', role: 'viewer', modules: ['monitoring', 'analytics'], plants: 'none' });
  const token = await adminToken(request);
  const given = await request.post('/api/plant/access/update', {
    data: { id: plant.id, userId: user.id, role: 'viewer' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(given.status()).toBe(200);

  const context = await browser.newContext({ timezoneId: 'Europe/Prague' });
  const page = await context.newPage();
  try {
    await openSignedIn(page, '/', user);
    await goInApp(page, '/analytics/benchmark');
    await expect(page.getByTestId('benchmark-row')).toHaveCount(1);
    await expect(page.getByTestId('benchmark-row')).toHaveAttribute('data-plant', plant.name);
    await expect(page.getByTestId('benchmark-rank')).toHaveText('1');
    await goInApp(page, '/analytics');
    await expect(page.getByTestId('plant-count')).toContainText('1');
    await goInApp(page, `/analytics/benchmark/plant/${other.id}`);
    await expect(page.getByText('Elektrárna nebyla nalezena')).toBeVisible();
  } finally {
    await context.close();
  }
});
