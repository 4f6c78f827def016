// The fleet: the dashboard shows the demo fleet's counts and capacity as the API reports them; an admin
// creates a tag (a duplicate name is refused), tags two plants in bulk from the plants table, filters
// by the tag, takes it off one plant, and deletes it after a confirmation that says how many plants use it.
import type { APIRequestContext } from '@playwright/test';
import { adminToken } from './accounts';
import { expect, openSignedIn, test } from './support';

const DEMO_THINGS = ['demo-brno-01', 'demo-olomouc-02', 'demo-plzen-03'];
const cs = (value: number) => new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 1 }).format(value);

async function api<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await request.post(`/api/${path}`, { data, headers: { Authorization: `Bearer ${await adminToken(request)}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

test('the fleet dashboard shows the demo fleet: plants, online, capacity, alerts', async ({ page, request }) => {
  const info = await api<{ tenant: { id: string } }>(request, 'users/info', {});
  const plants = await api<Array<{ thingName: string; pvPeakKw: number; batteryKwh: number | null }>>(request, 'plant/list', {
    id: info.tenant.id,
  });
  expect(plants.map((p) => p.thingName)).toEqual(expect.arrayContaining(DEMO_THINGS));
  await openSignedIn(page, '/management');
  await expect(page.getByTestId('fleet-plants')).toHaveText(cs(plants.length));
  await expect(page.getByTestId('fleet-pv')).toHaveText(`${cs(plants.reduce((sum, p) => sum + p.pvPeakKw, 0))} kWp`);
  await expect(page.getByTestId('fleet-battery')).toHaveText(`${cs(plants.reduce((sum, p) => sum + (p.batteryKwh ?? 0), 0))} kWh`);
  // The simulator reports every second: the three demo gateways come online (the page polls).
  await expect(async () => {
    const online = Number(await page.getByTestId('fleet-online').textContent());
    expect(online).toBeGreaterThanOrEqual(DEMO_THINGS.length);
  }).toPass({ timeout: 45_000, intervals: [1000, 5000] });
  const summary = await api<{ online: number; offline: number; withOpenAlerts: number; attentionTotal: number }>(
    request,
    'plant/fleet/summary',
    {},
  );
  expect(summary.online + summary.offline).toBe(plants.length);
  await expect(page.getByTestId('fleet-alerts')).toHaveText(cs(summary.withOpenAlerts));
  await expect(page.getByTestId('fleet-today')).toContainText('kWh');
  if (summary.attentionTotal === 0) await expect(page.getByText('Všechny elektrárny jsou online bez otevřených výstrah')).toBeVisible();
  else await expect(page.getByTestId('attention-row').first()).toBeVisible();
});

test('an admin tags plants in bulk, filters the plants table by the tag, and deletes the tag', async ({ page }) => {
  const tagName = `E2E Střecha ${Date.now().toString(36)}`;
  // Create the tag; the same name in another case is refused with a clear message.
  await openSignedIn(page, '/management/tags');
  await page.getByTestId('new-tag').click();
  await page.getByTestId('tag-name').fill(tagName);
  await page.getByTestId('tag-colour-orange').click();
  await page.getByTestId('tag-submit').click();
  // The "created" toast stays while the pointer rests on it (held so here): it starts below the page
  // header's actions, so the next tag is started at once (it used to lie over "New tag" until the
  // pointer left).
  const toast = page.locator('.bp6-toast', { hasText: tagName });
  await toast.hover();
  const newTag = (await page.getByTestId('new-tag').boundingBox())!;
  await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(newTag.y + newTag.height);
  const tagRow = page.locator(`[data-testid="tag-row"][data-name="${tagName}"]`);
  await expect(tagRow).toBeVisible();
  await expect(tagRow.getByTestId('tag-plant-count')).toHaveText('0');
  await page.getByTestId('new-tag').click();
  await page.getByTestId('tag-name').fill(tagName.toUpperCase());
  await page.getByTestId('tag-submit').click();
  await expect(page.getByTestId('tag-form')).toContainText('Štítek s tímto názvem už vaše organizace má.');
  await page.getByRole('button', { name: 'Zrušit' }).click();

  // Select Brno and Olomouc in the plants table and add the tag to both in one go.
  await page.goto('/management/plants');
  const row = (thing: string) => page.locator(`[data-testid="plant-row"][data-thing="${thing}"]`);
  await expect(row('demo-brno-01')).toBeVisible();
  // Blueprint draws the box over its (visually hidden) input: the click lands on the drawn box.
  await row('demo-brno-01').getByTestId('select-plant').check({ force: true });
  await row('demo-olomouc-02').getByTestId('select-plant').check({ force: true });
  await expect(page.getByTestId('bulk-count')).toHaveText('Vybrané elektrárny: 2');
  await page.getByTestId('bulk-tag').selectOption({ label: tagName });
  await page.getByTestId('bulk-add').click();
  await expect(row('demo-brno-01').getByTestId('plant-tags')).toContainText(tagName);
  await expect(row('demo-olomouc-02').getByTestId('plant-tags')).toContainText(tagName);
  await expect(row('demo-plzen-03').getByTestId('plant-tags')).not.toContainText(tagName);

  // Filter by the tag: only the two tagged plants remain.
  await page.getByTestId('clear-selection').click();
  await page.getByTestId('plants-tag').selectOption({ label: tagName });
  await expect(page.getByTestId('plant-row')).toHaveCount(2);
  await expect(row('demo-plzen-03')).toHaveCount(0);

  // Take it off Olomouc: the filtered table follows.
  await row('demo-olomouc-02').getByTestId('select-plant').check({ force: true });
  await page.getByTestId('bulk-tag').selectOption({ label: tagName });
  await page.getByTestId('bulk-remove').click();
  await expect(page.getByTestId('plant-row')).toHaveCount(1);
  await expect(row('demo-brno-01')).toBeVisible();

  // The tags page counts one plant; deleting asks first and says so.
  await page.goto('/management/tags');
  await expect(tagRow.getByTestId('tag-plant-count')).toHaveText('1');
  await tagRow.getByTestId('delete-tag').click();
  await expect(page.getByTestId('delete-tag-text')).toContainText('nyní elektráren: 1');
  await page.getByTestId('confirm-delete-tag').click();
  await expect(tagRow).toHaveCount(0);
  await page.goto('/management/plants');
  await expect(row('demo-brno-01').getByTestId('plant-tags')).not.toContainText(tagName);
});
