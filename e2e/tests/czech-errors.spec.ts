// Server refusals reach the person in Czech, from the answer's code and details alone: a webhook
// address with credentials in it, and a control sent after the operator's role lost devices:control.
// Neither shows the server's English message.
import type { APIRequestContext } from '@playwright/test';
import { adminToken, createActiveUser, goInApp } from './accounts';
import { expect, openSignedIn, rememberPlant, test } from './support';

async function api<T>(request: APIRequestContext, path: string, body: unknown, token: string): Promise<T> {
  const response = await request.post(`/api/${path}`, { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

test('a refused webhook address is explained in Czech, naming the reason', async ({ page }) => {
  await openSignedIn(page);
  await goInApp(page, '/integrations');
  await page.getByTestId('webhook-new').click();
  await page.getByTestId('webhook-url').fill('https://uzivatel:heslo@hooks.example.com/helio');
  await page.getByTestId('webhook-create').click();
  const error = page.getByTestId('webhook-error');
  await expect(error).toHaveText('Adresa webhooku nesmí obsahovat jméno ani heslo; ověřujte podpis.');
  await expect(error).not.toContainText('credentials');
});

test('a control refused for a missing permission names the permission by its Czech label', async ({ page, request }) => {
  const admin = await adminToken(request);
  const tenant = (await api<{ tenant: { id: string } }>(request, 'users/info', {}, admin)).tenant.id;
  const plants = await api<Array<{ id: string; thingName: string }>>(request, 'plant/list', { id: tenant }, admin);
  const plant = plants.find((p) => p.thingName === 'demo-olomouc-02') ?? plants[0];
  const operator = await createActiveUser(request, { prefix: 'cz-errors', role: 'operator', modules: ['monitoring', 'rc'] });
  await rememberPlant(page, plant.id);
  await openSignedIn(page, '/rc', operator);
  await expect(page.getByTestId('rc-ExportLimit-input')).toBeEnabled();
  await page.getByTestId('rc-ExportLimit-input').fill('9100');

  await page.getByTestId('rc-ExportLimit-apply').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('rc-confirm-send')).toBeVisible();
  // The administrator takes the operator role away while the confirmation is open: the server refuses.
  // (Taken away before the apply, the page's next poll of the controls, every 3 s, may turn it
  // read-only first, and there is no button left to press: a clean-clone run failed so.)
  await api(request, 'iam/users/update', { id: operator.id, role: 'viewer' }, admin);
  await dialog.getByTestId('rc-confirm-send').click();
  // by its label, as the IAM pages name it, not its identifier
  await expect(dialog).toContainText('K této akci nemáte oprávnění „Ovládání zařízení“. Požádejte správce organizace.');
  await expect(dialog).not.toContainText('devices:control');
  await expect(dialog).not.toContainText('You do not have');
});
