// Plant management: create a plant and see what its gateway needs once (the thing name the server
// issued, the login), connect a gateway with them and see the plant go online, edit its settings (a
// validation error, then a save), and meet a concurrent edit made underneath through the API.
import mqtt from 'mqtt';
import { adminToken } from './accounts';
import { expect, openSignedIn, test } from './support';
import { E2E_MQTT_URL as MQTT_URL } from '../playwright.config';

test('an admin creates a plant, connects its gateway, edits its settings and meets a concurrent edit', async ({ page, request }) => {
  const run = Date.now().toString(36);
  const name = `E2E Elektrárna ${run}`;
  await openSignedIn(page, '/management/plants');
  await expect(page.getByTestId('plant-row').first()).toBeVisible();

  // Create: no thing name to choose; the form refuses a latitude off the globe, then the plant is
  // created and the gateway's thing name and login are shown once.
  await page.getByTestId('new-plant').click();
  await expect(page.locator('#new-plant-thingName')).toHaveCount(0);
  await page.locator('#new-plant-name').fill(name);
  await page.locator('#new-plant-location').fill('Jihlava');
  await page.locator('#new-plant-latitude').fill('94');
  await page.locator('#new-plant-longitude').fill('15.59');
  await page.locator('#new-plant-pvPeakKw').fill('12.5');
  await page.locator('#new-plant-batteryKwh').fill('15');
  await page.getByTestId('new-plant-create').click();
  await expect(page.getByTestId('new-plant-form')).toContainText('Zadejte číslo od');
  await page.locator('#new-plant-latitude').fill('49,4');
  await page.getByTestId('new-plant-create').click();
  const login = page.getByTestId('gateway-login');
  await expect(login).toContainText('Zobrazeno jen tentokrát');
  const thingName = await page.getByTestId('gateway-thing-name').inputValue();
  expect(thingName).toMatch(/^plant-[0-9a-v]{26}$/);
  await expect(page.getByTestId('gateway-username')).toHaveValue(`gw-${thingName}`);
  await expect(login).toContainText(`helio/things/${thingName}/shadow/reported`);
  const password = await page.getByTestId('gateway-password').inputValue();
  expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
  await page.getByTestId('gateway-login-done').click();
  await expect(login).toHaveCount(0);

  const row = page.locator(`[data-testid="plant-row"][data-thing="${thingName}"]`);
  await page.getByTestId('plants-search').fill(run);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('plant-status')).toHaveAttribute('data-status', 'offline');
  await expect(page.locator('body')).not.toContainText(password);

  // The gateway logs in with that login and reports: the plant goes online in the table.
  const gateway = await mqtt.connectAsync(MQTT_URL, {
    clientId: `gw-${thingName}`,
    username: `gw-${thingName}`,
    password,
    reconnectPeriod: 0,
  });
  try {
    await gateway.publishAsync(
      `helio/things/${thingName}/shadow/reported`,
      JSON.stringify({ state: { reported: { ActPwrPve: 1234 } }, timestamp: Date.now() }),
      { qos: 1 },
    );
    await expect(row.getByTestId('plant-status')).toHaveAttribute('data-status', 'online', { timeout: 20_000 });
    await page.getByTestId('plants-status').selectOption('online');
    await expect(row).toBeVisible();
  } finally {
    await gateway.endAsync(true);
  }

  // Detail: the overview shows it online; the settings form refuses a tilt of 95°, then saves 30°.
  await row.click();
  await expect(page).toHaveURL(/\/management\/plants\/[^/]+$/);
  await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', 'online');
  await page.getByRole('tab', { name: 'Nastavení' }).click();
  await page.locator('#setting-tiltDeg').fill('95');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-form')).toContainText('Zadejte číslo od 0 do 90.');
  await expect(page.getByTestId('settings-invalid')).toBeVisible();
  await page.locator('#setting-tiltDeg').fill('30');
  await page.locator('#setting-azimuthDeg').fill('-15');
  await page.getByTestId('settings-save').click();
  await expect(page.getByText(`Nastavení elektrárny ${name} uloženo`)).toBeVisible();
  await expect(page.getByTestId('settings-invalid')).toHaveCount(0);

  const plantId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  const token = await adminToken(request);
  const post = (path: string, data: object) => request.post(`/api/${path}`, { data, headers: { Authorization: `Bearer ${token}` } });
  const saved = await (await post('plant/detail', { id: plantId })).json();
  expect(saved).toMatchObject({ tiltDeg: 30, azimuthDeg: -15, version: 2 });

  // Someone else saves underneath: this form's next save meets the conflict, keeps the input, and can load theirs.
  const theirs = await post('plant/update', { id: plantId, expectedVersion: 2, payload: { tariffName: 'D57d E2E' } });
  expect(theirs.status()).toBe(200);
  await page.locator('#setting-gridExportLimitKw').fill('8');
  await page.getByTestId('settings-save').click();
  const conflict = page.getByTestId('settings-conflict');
  await expect(conflict).toContainText('Elektrárnu mezitím změnil někdo jiný');
  await expect(conflict).toContainText('verze 3');
  await expect(conflict).toContainText('Tarif');
  await expect(page.locator('#setting-gridExportLimitKw')).toHaveValue('8');
  await page.getByTestId('load-theirs').click();
  await expect(page.locator('#setting-tariffName')).toHaveValue('D57d E2E');
  await expect(page.locator('#setting-gridExportLimitKw')).toHaveValue('');
  expect((await (await post('plant/detail', { id: plantId })).json()).gridExportLimitKw).toBeNull();

  // The same form at /plant/{id}/settings, with the plant's alert thresholds: a PV minimum of 95 % is
  // refused by the server's limits, 7,5 % and a state of charge of 35 % are saved for the plant.
  await page.goto(`/plant/${plantId}/settings`);
  await expect(page.locator('#setting-tariffName')).toHaveValue('D57d E2E');
  await expect(page.locator('#threshold-batterySocMin')).toHaveValue('20');
  await page.locator('#threshold-pvMinPercent').fill('95');
  await page.getByTestId('thresholds-save').click();
  await expect(page.getByTestId('alert-thresholds')).toContainText('Minimální výroba FVE musí být číslo od 1 do 90 %.');
  await page.locator('#threshold-pvMinPercent').fill('7,5');
  await page.locator('#threshold-batterySocMin').fill('35');
  await page.getByTestId('thresholds-save').click();
  await expect(page.getByText('Meze upozornění uloženy')).toBeVisible();
  expect(await (await post('notifications/thresholds/get', { plantId })).json()).toEqual({ plantId, batterySocMin: 35, pvMinPercent: 7.5 });
});
