// Figures that tell the truth (issue #39): a plant that never reported is offline on /services, on
// its detail and on /rc alike; a command sent to it is warned of, waits queued, is expired by the
// server after the command expiry (the command aged in the database: the value no longer waits, the
// history says expired), and a waiting one can be cancelled, and the history says so. The
// export limit reads the same on a plant's detail and on /rc; the battery's floor on /rc and in the
// plant settings.
import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken } from './accounts';
import { ageCommands } from './rc-commands-db';
import { expect, openSignedIn, rememberPlant, test } from './support';

/** Olomouc: a simulated gateway that reports its export limit. */
const REPORTING_THING = 'demo-olomouc-02';

async function api<T>(request: APIRequestContext, path: string, body: unknown, token: string): Promise<T> {
  const response = await request.post(`/api/${path}`, { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

test('a plant that never reported is offline everywhere; a command to it is warned of, expires and is cancelled', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const { plant } = await api<{ plant: { id: string; name: string } }>(
    request,
    'plant/create',
    {
      name: `Tichá ${Date.now().toString(36)}`,
      location: 'Jihlava',
      latitude: 49.4,
      longitude: 15.6,
      timezone: 'Europe/Prague',
      pvPeakKw: 8,
    },
    token,
  );
  await rememberPlant(page, plant.id);
  await openSignedIn(page, '/services');
  await expect(page.getByTestId('gateway-status')).toHaveText(/Offline/);

  await page.goto(`/management/plants/${plant.id}`);
  await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', 'offline');

  await page.goto('/rc');
  await expect(page.getByTestId('rc-gateway')).toHaveAttribute('data-state', 'offline');
  await expect(page.getByTestId('rc-gateway')).toHaveText('Brána offline: elektrárna nikdy nic nenahlásila');
  // Nothing reported and nothing asked: not a green "in sync".
  await expect(page.getByTestId('rc-state-ExportLimit')).toHaveAttribute('data-state', 'notReported');

  await page.getByTestId('rc-ExportLimit-input').fill('4000');
  await page.getByTestId('rc-ExportLimit-apply').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('rc-confirm-offline')).toContainText('Elektrárna je offline');
  await dialog.getByTestId('rc-confirm-send').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('rc-state-ExportLimit')).toHaveAttribute('data-state', 'queued');

  // A day and an hour on, unconfirmed: the server expires it, not pending for ever. The value no
  // longer waits (the desired key is cleared: the page hears it live) and the history says expired.
  ageCommands(plant.id, 25 * 3_600_000);
  await expect(page.getByTestId('rc-state-ExportLimit')).toHaveAttribute('data-state', 'notReported', { timeout: 15_000 });
  await page.getByRole('tab', { name: 'Historie' }).click();
  await expect(page.locator('[data-testid="rc-history-row"][data-key="ExportLimit"][data-state="expired"]')).toHaveCount(1);

  // A value still waiting is withdrawn by the user.
  await page.getByRole('tab', { name: 'Ovládání' }).click();
  await page.getByTestId('rc-ExportLimit-input').fill('3500');
  await page.getByTestId('rc-ExportLimit-apply').click();
  await page.getByRole('dialog').getByTestId('rc-confirm-send').click();
  await expect(page.getByTestId('rc-state-ExportLimit')).toHaveAttribute('data-state', 'queued');
  await page.getByTestId('rc-ExportLimit-cancel').click();
  await expect(page.getByTestId('rc-state-ExportLimit')).toHaveAttribute('data-state', 'notReported');
  await expect(page.getByTestId('rc-ExportLimit-cancel')).toBeHidden();

  await page.getByRole('tab', { name: 'Historie' }).click();
  await expect(page.locator('[data-testid="rc-history-row"][data-key="ExportLimit"][data-state="cancelled"]')).toHaveCount(1);
});

/** Signs in with the plant that reports as the active one; answers the plant. */
async function signInOnReportingPlant(page: Page, request: APIRequestContext): Promise<{ id: string }> {
  const token = await adminToken(request);
  const tenant = (await api<{ tenant: { id: string } }>(request, 'users/info', {}, token)).tenant.id;
  const plants = await api<Array<{ id: string; thingName: string }>>(request, 'plant/list', { id: tenant }, token);
  const plant = plants.find((p) => p.thingName === REPORTING_THING) as { id: string };
  await rememberPlant(page, plant.id);
  await openSignedIn(page);
  return plant;
}

test('the export limit reads the same on the plant detail and on /rc', async ({ page, request }) => {
  const plant = await signInOnReportingPlant(page, request);

  await page.goto('/rc');
  await expect(page.getByTestId('rc-reported-ExportLimit')).toHaveText(/\d\sW$/);
  // /rc words the limit in force with the plant detail's helper: the same sentence on both pages
  const inForce = page.getByTestId('rc-in-force-ExportLimit');
  await expect(inForce).toHaveText(/\d\sW/);
  const onRc = (await inForce.textContent()) as string;

  await page.goto(`/management/plants/${plant.id}`);
  const onDetail = page.getByTestId('plant-export-limit');
  await expect(onDetail).toHaveText(onRc);
  await expect(onDetail).not.toContainText('bez limitu');
});

test('the battery’s floor is one value: /rc sets it, the plant settings show the same, read-only', async ({ page, request }) => {
  const plant = await signInOnReportingPlant(page, request);

  await page.goto('/rc');
  const reported = page.getByTestId('rc-reported-BatSocMin');
  await expect(reported).toHaveText(/^\d+\s%$/);
  const onRc = /^(\d+)/.exec((await reported.textContent()) as string)?.[1] as string;

  await page.goto(`/plant/${plant.id}/settings`);
  const floor = page.getByTestId('settings-battery-floor');
  await expect(floor).toHaveValue(new RegExp(`^${onRc}\\s%$`));
  await expect(floor).toHaveAttribute('readonly', '');
  // no second, editable minimum of the plant's own
  await expect(page.locator('#setting-batteryMinSocPct')).toHaveCount(0);
});
