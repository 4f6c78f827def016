// Plant access: an admin gives a user a plant on the plant's access tab, and the user (signed in in a
// browser of their own) finds it in their plant switcher; the admin removes them again and they lose it.
import type { Page } from '@playwright/test';
import { adminToken, createActiveUser } from './accounts';
import { expect, openSignedIn, test } from './support';

/** The names in the user's plant switcher after a fresh load ([] when it says they have no plant). */
async function switcherPlants(page: Page): Promise<string[]> {
  await page.reload();
  const switcher = page.getByTestId('plant-switcher');
  const empty = page.getByTestId('plant-switcher-empty');
  await expect(switcher.or(empty)).toBeVisible();
  if (await empty.isVisible()) return [];
  return switcher.locator('option').allTextContents();
}

test('an admin gives a user a plant, who then sees it, and takes it away again', async ({ page, browser, request }) => {
  const token = await adminToken(request);
  const info = await (await request.post('/api/users/info', { data: {}, headers: { Authorization: `Bearer ${token}` } })).json();
  const plants = (await (
    await request.post('/api/plant/list', { data: { id: info.tenant.id }, headers: { Authorization: `Bearer ${token}` } })
  ).json()) as Array<{ id: string; name: string }>;
  const plant = plants[0];
  if (!plant) throw new Error('the demo tenant has no plant');
  const user = await createActiveUser(request, { prefix: 'pristup', plants: 'none' });

  // The user, in a browser of their own, has no plant yet.
  const context = await browser.newContext();
  const userPage = await context.newPage();
  try {
    await openSignedIn(userPage, '/', user);
    await expect.poll(() => switcherPlants(userPage)).toEqual([]);

    // The admin invites them by e-mail on the plant's access tab, as a viewer.
    await openSignedIn(page, `/management/plants/${plant.id}?tab=access`);
    const table = page.getByTestId('plant-access-table');
    await expect(table.locator('[data-testid="plant-access-row"][data-email="admin@helio.local"]')).toContainText(
      'Správce – všechny elektrárny',
    );
    await page.locator('#plant-access-email').fill(user.email);
    await page.locator('#plant-access-new-role').selectOption('viewer');
    await page.getByTestId('plant-access-invite').getByRole('button', { name: 'Pozvat' }).click();
    // by its text: another journey's plant on this server may raise an alert toast meanwhile
    await expect(
      page.locator('.bp6-toast').filter({ hasText: `${user.email} má nyní přístup k elektrárně ${plant.name} jako Pozorovatel` }),
    ).toBeVisible();
    const row = table.locator(`[data-testid="plant-access-row"][data-email="${user.email}"]`);
    await expect(row.getByTestId('plant-access-role')).toHaveValue('viewer');

    // They see the plant now, and only that one.
    await expect.poll(() => switcherPlants(userPage)).toEqual([plant.name]);

    // A role change is a server call too, confirmed by a toast and kept over a reload.
    await row.getByTestId('plant-access-role').selectOption('operator');
    await expect(page.locator('.bp6-toast').filter({ hasText: `${user.email} má nyní roli Operátor` })).toBeVisible();
    await page.reload();
    await expect(row.getByTestId('plant-access-role')).toHaveValue('operator');

    // The admin removes them, confirming in a dialog; the row goes and the user loses the plant.
    await row.getByTestId('plant-access-remove').click();
    const dialog = page.locator('.bp6-alert');
    await expect(dialog).toContainText(`Odebrat ${user.email} z elektrárny ${plant.name}?`);
    await dialog.getByRole('button', { name: 'Odebrat' }).click();
    await expect(page.locator('.bp6-toast').filter({ hasText: `${user.email} už nemá přístup k elektrárně ${plant.name}` })).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect.poll(() => switcherPlants(userPage)).toEqual([]);

    // Each change is in the audit log, under the plant.
    await page.goto('/my-account/iam/audit');
    for (const text of ['Udělení přístupu k elektrárně', 'Změna role na elektrárně', 'Odebrání přístupu k elektrárně']) {
      await expect(page.locator('tr', { hasText: text }).filter({ hasText: plant.name }).first()).toBeVisible();
    }
  } finally {
    await context.close();
  }
});
