// What an operator sees of the console's wording and addresses (issue 39): one name per page in the menu,
// the header and the tab; the nav lit on hidden detail routes; no refresh asked (and no 401 logged) by a
// signed-out page; tag filters kept in the URL.
import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken, createActiveUser } from './accounts';
import { expect, openSignedIn, signIn, test } from './support';

async function api<T>(request: APIRequestContext, path: string, body: unknown, token: string): Promise<T> {
  const response = await request.post(`/api/${path}`, { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function demoPlantAndInverter(request: APIRequestContext): Promise<{ plant: { id: string; name: string }; inverterId: string }> {
  const token = await adminToken(request);
  const tenant = (await api<{ tenant: { id: string } }>(request, 'users/info', {}, token)).tenant.id;
  const [plant] = await api<Array<{ id: string; name: string }>>(request, 'plant/list', { id: tenant }, token);
  const devices = await api<Array<{ id: string; kind: string }>>(request, 'device/list', { plantId: plant.id }, token);
  return { plant, inverterId: devices.find((device) => device.kind === 'inverter')?.id ?? '' };
}

/** The page's own title: the h1's first text, without the subject (plant, tenant) shown beside it. */
const headerTitle = (page: Page) =>
  page
    .locator('h1')
    .first()
    .evaluate((h1) => h1.firstChild?.textContent?.trim() ?? '');
const litItem = (page: Page) => page.getByTestId('nav-panel-items').locator('.bp6-active');

test.describe('names and the nav', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every page is named as its menu item, in the header and the tab; hidden routes light their parent', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { plant, inverterId } = await demoPlantAndInverter(request);
    await openSignedIn(page);
    // path, the item the nav lights (null: an entry without a group, named on the rail), the header's title
    const pages: Array<[string, string | null, string]> = [
      ['/statistics', 'Statistiky', 'Statistiky'],
      ['/monitoring', 'Přehled', 'Přehled'],
      ['/my-account/notifications', 'Rozvrh upozornění', 'Rozvrh upozornění'],
      ['/my-account/iam/audit', 'Auditní záznam', 'Auditní záznam'],
      ['/management', 'Přehled flotily', 'Přehled flotily'],
      [`/plant/${plant.id}/settings`, 'Elektrárny', 'Nastavení elektrárny'],
      [`/management/inverters/${inverterId}`, 'Elektrárny', ''],
      ['/rc', null, 'Vzdálené řízení'],
      ['/ev', null, 'Elektromobilita'],
    ];
    for (const [path, item, title] of pages) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      if (item) await expect(litItem(page), path).toHaveText(item);
      if (!title) continue; // the inverter's page is named by the inverter
      await expect.poll(() => headerTitle(page), { message: path }).toBe(title);
      await expect(page, path).toHaveTitle(new RegExp(`^${title} · (.+ · )?Helio$`));
    }
    // the rail names a module as its page does, and the tab adds the plant
    await page.goto('/rc');
    await expect(page.getByTestId('nav-entry-rc')).toHaveAttribute('aria-label', 'Vzdálené řízení');
    await expect(page).toHaveTitle(`Vzdálené řízení · ${plant.name} · Helio`);
    await page.goto('/ev');
    await expect(page.getByTestId('nav-entry-ev')).toHaveAttribute('aria-label', 'Elektromobilita');
  });
});

test('a signed-out page asks for no token refresh and logs no 401; a signed-in reload restores the session', async ({ page }) => {
  const refreshes: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/refresh')) refreshes.push(r.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/auth/sign-in');
  await expect(page.getByLabel(/e-mail/i)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/e-mail/i)).toBeVisible();
  expect(refreshes).toEqual([]);
  expect(errors).toEqual([]);
  await expect(page).toHaveTitle('Přihlášení · Helio');

  await signIn(page);
  expect(refreshes).toEqual([]); // the session starts from the sign-in's own tokens, no refresh round trip
  await page.goto('/statistics');
  await expect(page.locator('h1').first()).toContainText('Statistiky');
  expect(refreshes).toHaveLength(1); // the reload restored the session from the cookie
  expect(errors.filter((text) => /401/.test(text))).toEqual([]);
});

test('a tag filter is in the URL: a reload or a shared link shows the same filtered list', async ({ page, request }) => {
  const token = await adminToken(request);
  const tag = await api<{ id: string; name: string }>(
    request,
    'tag/create',
    { name: `URL ${Date.now().toString(36)}`, colour: 'violet' },
    token,
  );
  const { plant } = await demoPlantAndInverter(request);
  await api(request, 'plant/tags/set', { plantIds: [plant.id], add: [tag.id] }, token);
  await openSignedIn(page, '/management/plants');
  await page.getByTestId('plants-tag').selectOption(tag.id);
  await expect(page).toHaveURL(new RegExp(`[?&]tag=${tag.id}`));
  await page.reload();
  await expect(page.getByTestId('plants-tag')).toHaveValue(tag.id);

  await page.goto('/analytics');
  await page.getByTestId('filter-tag').selectOption(tag.id);
  await expect(page).toHaveURL(new RegExp(`[?&]tag=${tag.id}`));
  const shared = page.url();
  await page.goto('/');
  await page.goto(shared);
  await expect(page.getByTestId('filter-tag')).toHaveValue(tag.id);
});

test('an operator finds nothing editable that the server would refuse: plant settings read-only with the reason, no New plant', async ({
  page,
  request,
}) => {
  const operator = await createActiveUser(request, {
    prefix: 'ux-operator',
    role: 'operator',
    modules: ['monitoring', 'management', 'notifications'],
  });
  const { plant } = await demoPlantAndInverter(request);
  await openSignedIn(page, `/plant/${plant.id}/settings`, operator);
  const form = page.getByTestId('settings-form');
  await expect(form.getByTestId('read-only-notice')).toContainText('Správa elektráren');
  const editable = form.locator('input:not([readonly]), select:not([disabled]), button[type="submit"]');
  await expect(form.locator('input').first()).toBeVisible();
  await expect(editable).toHaveCount(0);
  await page.goto('/management/plants');
  await expect(page.getByTestId('plant-row').first()).toBeVisible();
  await expect(page.getByTestId('new-plant')).toHaveCount(0);
});
