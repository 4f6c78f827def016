// Device records: the demo plant's devices tab lists what its gateway reports for,
// an inverter's page shows its identity, a live value and its history chart, and /batteries shows the
// battery's live state of charge from the simulated gateway.
import { expect, openSignedIn, test } from './support';

const BRNO = 'demo-brno-01';

test("the demo plant's devices: the devices tab, an inverter's page with live value and chart, and /batteries", async ({ page }) => {
  await openSignedIn(page, '/management/plants');
  await page.locator(`[data-testid="plant-row"][data-thing="${BRNO}"]`).click();
  await expect(page).toHaveURL(/\/management\/plants\/[^/?]+$/);
  await page.getByRole('tab', { name: 'Zařízení' }).click();
  await expect(page).toHaveURL(/\?tab=devices$/);

  // The seeded devices, in kind order: what the Brno gateway reports (PV, battery, charger, grid).
  const rows = page.getByTestId('device-row');
  await expect(rows).toHaveCount(4);
  expect(await rows.evaluateAll((list) => list.map((row) => row.getAttribute('data-kind')))).toEqual([
    'inverter',
    'battery',
    'charger',
    'meter',
  ]);
  await expect(rows.nth(1)).toContainText('LUNA2000-10-S0');

  // The inverter's own page: identity, a live value from the simulated gateway, and the chart drawn.
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/management\/inverters\/[^/]+$/);
  const identity = page.getByTestId('inverter-identity');
  await expect(identity).toContainText('Huawei');
  await expect(identity).toContainText('SUN2000-10KTL-M1');
  await expect(identity).toContainText('HV2140012345');
  await expect(identity).toContainText('10\u00a0kW');
  const power = page.locator('[data-testid="live-value"][data-key="ActPwrPve"]');
  await expect(power.getByTestId('live-value-text')).toHaveText(/^\d[\d\s\u00a0,]*\s?k?W$/);
  await expect(power.getByTestId('live-value-stale')).toHaveCount(0);
  const chart = page.getByTestId('inverter-chart');
  await expect(chart).toBeVisible();
  await expect(chart.locator('canvas')).toHaveCount(1);

  // /batteries (monitoring-app) for the active plant: the battery's live state of charge.
  await page.goto('/batteries');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Baterie');
  const battery = page.getByTestId('device-card');
  await expect(battery).toHaveCount(1);
  await expect(battery).toContainText('LUNA2000-10-S0');
  await expect(battery.getByTestId('device-soc')).toHaveText(/Nabití \d{1,3}\s?%/);
  await expect(battery.getByTestId('device-stale')).toHaveCount(0);
});
