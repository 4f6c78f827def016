// Integrations end to end: an API key made in the console works from outside the browser until it is
// revoked; a webhook to a receiver this test runs gets a signed alert.opened when a simulated plant's
// grid fails, and the delivery log shows it; a CSV day imported on the sources page shows in the
// metric log's chart.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import mqtt from 'mqtt';
import { E2E_BROKER_LOGIN, E2E_MQTT_URL as MQTT_URL } from '../playwright.config';
import { adminToken, goInApp } from './accounts';
import { expect, openSignedIn, rememberPlant, test } from './support';

async function api<T>(request: APIRequestContext, path: string, body: unknown, token: string): Promise<T> {
  const response = await request.post(`/api/${path}`, { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function tenantOf(request: APIRequestContext, token: string): Promise<string> {
  return (await api<{ tenant: { id: string } }>(request, 'users/info', {}, token)).tenant.id;
}

/** What a receiver does with Helio-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">. */
function signatureValid(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(String(parts.v1), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

async function setFaults(thingName: string, faults: { gridOutage?: boolean }): Promise<void> {
  const client = await mqtt.connectAsync(MQTT_URL, { clientId: `e2e-integrations-${Date.now()}`, ...E2E_BROKER_LOGIN, reconnectPeriod: 0 });
  try {
    await client.publishAsync(`helio/things/${thingName}/sim/faults`, Object.keys(faults).length === 0 ? '' : JSON.stringify(faults), {
      qos: 1,
      retain: true,
    });
  } finally {
    await client.endAsync();
  }
}

async function openIntegrations(page: Page): Promise<void> {
  await openSignedIn(page);
  await goInApp(page, '/integrations');
  await expect(page.getByRole('heading', { name: 'API klíče', exact: true })).toBeVisible();
}

test('an API key works from outside the browser until it is revoked', async ({ page, playwright }) => {
  await openIntegrations(page);
  const name = `E2E key ${Date.now().toString(36)}`;
  await page.getByTestId('api-key-new').click();
  await page.getByTestId('api-key-name').fill(name);
  await page.getByTestId('api-key-create').click();
  const secret = await page.getByTestId('api-key-secret').inputValue();
  expect(secret).toMatch(/^helio_/);
  await page.getByTestId('api-key-done').click();

  // Another client altogether: no cookies, no browser, only the key.
  const outside = await playwright.request.newContext({ baseURL: page.url().replace(/\/integrations.*$/, '') });
  const tenantId = await tenantOf(outside, await adminToken(outside));
  const answer = await outside.post('/api/plant/list', { data: { id: tenantId }, headers: { Authorization: `Bearer ${secret}` } });
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as unknown[]).length).toBeGreaterThan(0);
  const iam = await outside.post('/api/iam/users/list', { data: {}, headers: { Authorization: `Bearer ${secret}` } });
  expect(iam.status()).toBe(403);

  const row = page.getByTestId(`api-key-${name}`);
  await expect(row.getByText(/Platný|Active/)).toBeVisible();
  await row.getByTestId(`api-key-revoke-${name}`).click();
  await page.locator('.bp6-alert').getByRole('button', { name: 'Zneplatnit' }).click();
  await expect(row.getByText(/Zneplatněn|Revoked/)).toBeVisible();
  const refused = await outside.post('/api/plant/list', { data: { id: tenantId }, headers: { Authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  await outside.dispose();
});

test('a webhook receiver gets a signed alert and the delivery log shows it', async ({ page, request }) => {
  test.setTimeout(150_000);
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/helio`;

  const token = await adminToken(request);
  const plants = await api<Array<{ id: string; name: string; thingName: string }>>(
    request,
    'plant/list',
    { id: await tenantOf(request, token) },
    token,
  );
  const plant = plants.find((p) => p.thingName.startsWith('demo-')) ?? plants[0];
  const openOutage = async () =>
    (
      await api<{ alerts: Array<{ kind: string }> }>(request, 'notifications/alerts/list', { plantId: plant.id, state: 'open' }, token)
    ).alerts.filter((a) => a.kind === 'gridOutage');
  // Start from a plant without an open grid outage, so the one raised here is news.
  await setFaults(plant.thingName, {});
  await expect.poll(async () => (await openOutage()).length, { timeout: 30_000 }).toBe(0);

  try {
    await openIntegrations(page);
    await page.getByTestId('webhook-new').click();
    await page.getByTestId('webhook-url').fill(url);
    await page.getByTestId('webhook-create').click();
    const secret = await page.getByTestId('webhook-secret').inputValue();
    await page.getByTestId('webhook-done').click();

    await setFaults(plant.thingName, { gridOutage: true });
    const opened = () =>
      received.find((r) => {
        const event = JSON.parse(r.body) as { type: string; data: { alert?: { kind: string; plantId: string } } };
        return event.type === 'alert.opened' && event.data.alert?.kind === 'gridOutage' && event.data.alert.plantId === plant.id;
      });
    await expect.poll(() => opened() !== undefined, { timeout: 60_000 }).toBe(true);
    const delivery = opened();
    expect(signatureValid(secret, String(delivery?.headers['helio-signature']), delivery?.body ?? '')).toBe(true);
    expect(signatureValid('whsec_not-the-secret', String(delivery?.headers['helio-signature']), delivery?.body ?? '')).toBe(false);

    const hook = page.getByTestId('webhook-row').filter({ hasText: url });
    await hook.getByTestId('webhook-log').click();
    const logged = page.getByTestId('delivery-log').getByTestId('delivery-alert.opened').first();
    await expect(logged.getByTestId('delivery-status')).toHaveText('Doručeno', { timeout: 15_000 });
    await expect(logged).toContainText('204');
  } finally {
    await setFaults(plant.thingName, {});
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test('a CSV day imported on the sources page shows in the metric log’s chart', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const { plant } = await api<{ plant: { id: string; name: string; thingName: string } }>(
    request,
    'plant/create',
    {
      name: `Import ${Date.now().toString(36)}`,
      location: 'Brno',
      latitude: 49.2,
      longitude: 16.6,
      timezone: 'Europe/Prague',
      pvPeakKw: 10,
    },
    token,
  );
  const { thingName } = plant; // issued by the server
  // Yesterday, every quarter hour: a day this new plant has no other data for.
  const start = new Date();
  start.setUTCHours(0, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() - 1);
  const lines = ['time,key,value'];
  for (let i = 0; i < 96; i++) lines.push(`${new Date(start.getTime() + i * 15 * 60_000).toISOString()},ActPwrPve,${1000 + i * 10}`);

  await rememberPlant(page, plant.id);
  await openSignedIn(page);
  await goInApp(page, '/integrations/sources');
  // The history's own plant picker (the nav has a plant picker with the same label).
  await page.locator('#history-plant').selectOption(plant.id);

  // A bad file first: its lines are named and nothing can be imported.
  await page
    .getByTestId('history-file')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('time,key,value\nyesterday,ActPwrPve,1\n') });
  await expect(page.getByTestId('history-errors')).toContainText('Řádek 2');
  await expect(page.getByTestId('history-import')).toBeDisabled();

  await page.getByTestId('history-file').setInputFiles({ name: 'day.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  await expect(page.getByTestId('history-preview')).toContainText('96');
  await page.getByTestId('history-import').click();
  await expect(page.getByTestId('history-done')).toContainText('96');

  await page.goto('/logs/ActPwrPve');
  await page.getByTestId('range-week').click();
  await expect(page.getByTestId('metric-chart')).toBeVisible();
  await expect(page.getByTestId('series-empty')).toHaveCount(0);
  const tenantId = await tenantOf(request, token);
  const dayCount = async () => {
    const rows = await api<{ rows: Array<{ count: number }> }>(
      request,
      'metric/time-series',
      {
        pgParams: {
          tenantId,
          gatewayId: thingName,
          plantId: plant.id,
          metricKeys: ['ActPwrPve'],
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 86_400_000).toISOString(),
          granularity: '1d',
        },
      },
      token,
    );
    return rows.rows.reduce((n, r) => n + r.count, 0);
  };
  // The day's roll-ups are rebuilt just after the import's answer, off its path.
  await expect.poll(dayCount, { timeout: 10_000 }).toBe(96);
});
