// A real OCPP charger: an admin adds a charger to a new plant in the console (by keyboard), and a
// charge point made with ocpp-rpc's own RPCClient in strict mode (the library's implementation of the
// OCPP 1.6J schemas, not ours) signs in with the URL and password the dialog showed once. The plant
// detail shows it connected with the vendor, model and firmware of its BootNotification; a
// StatusNotification Faulted raises the plant's charger alert in the notification centre; a remote
// start from /ev is in the command history pending, then accepted or rejected as the charger answers;
// removing the charger in the console closes its socket.
import { RPCClient } from 'ocpp-rpc';
import { seriousA11yViolations } from './shell-support';
import { expect, signIn, test } from './support';

const BOOT = {
  chargePointVendor: 'Alfen BV',
  chargePointModel: 'NG910-60023',
  firmwareVersion: '6.1.0-4159',
  chargePointSerialNumber: 'ACE0001',
};

/** The library's own client in strict mode: every call it sends and every answer it gets is checked against the schemas. */
function chargePoint(centralSystemUrl: string, identity: string, password: string): RPCClient {
  const options = { endpoint: centralSystemUrl, identity, password, protocols: ['ocpp1.6'], strictMode: true, reconnect: false };
  // The library's typings want every option; the rest take its defaults.
  return new RPCClient(options as ConstructorParameters<typeof RPCClient>[0]);
}

test('a charger added in the console connects over OCPP, shows its boot, raises its fault, takes a remote start from /ev and is cut off when removed', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const plantName = `E2E OCPP ${run}`;
  const chargePointId = `E2E-${run}`;
  await signIn(page);
  await page.goto('/management/plants');
  await page.getByTestId('new-plant').click();
  await page.locator('#new-plant-name').fill(plantName);
  await page.locator('#new-plant-location').fill('Jihlava');
  await page.locator('#new-plant-latitude').fill('49,4');
  await page.locator('#new-plant-longitude').fill('15,59');
  await page.locator('#new-plant-pvPeakKw').fill('8');
  await page.getByTestId('new-plant-create').click();
  await page.getByTestId('gateway-login-done').click();
  await page.getByTestId('plants-search').fill(run);
  await page.getByTestId('plant-row').filter({ hasText: plantName }).click();
  await page.getByTestId('tab-devices').click();
  await expect(page.getByTestId('chargers-empty')).toBeVisible();

  // The dialog by keyboard alone: focus starts in the charge point id; Tab to the name; Enter sends.
  await page.getByTestId('charger-add').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('charger-chargePointId')).toBeFocused();
  await page.keyboard.type(chargePointId);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('charger-name')).toBeFocused();
  await page.keyboard.type('Garáž');
  await page.keyboard.press('Enter');
  const login = page.getByTestId('charger-login');
  await expect(login).toContainText('Zobrazeno jen tentokrát');
  const ocppUrl = await page.getByTestId('charger-ocpp-url').inputValue();
  const centralSystemUrl = await page.getByTestId('charger-central-system-url').inputValue();
  const password = await page.getByTestId('charger-password').inputValue();
  expect(ocppUrl).toBe(`${centralSystemUrl}/${chargePointId}`);
  expect(centralSystemUrl).toMatch(/^ws:\/\/[^/]+\/ocpp$/);
  expect(password).toMatch(/^[0-9a-f]{40}$/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByTestId('charger-login-done').click();
  await expect(login).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(password);

  const row = page.locator(`[data-testid="charger-row"][data-charge-point-id="${chargePointId}"]`);
  await expect(row.getByTestId('charger-state')).toHaveAttribute('data-state', 'never');

  // The console's own port, with the address the dialog showed (the browser reached the same server).
  const cp = chargePoint(centralSystemUrl.replace('//localhost:', '//127.0.0.1:'), chargePointId, password);
  const closed = new Promise<number>((resolve) => cp.once('close', ({ code }: { code: number }) => resolve(code)));
  try {
    await cp.connect();
    const boot = (await cp.call('BootNotification', BOOT)) as { status: string; interval: number };
    expect(boot).toMatchObject({ status: 'Accepted', interval: 300 });
    await cp.call('Heartbeat', {});
    await expect(row.getByTestId('charger-state')).toHaveAttribute('data-state', 'connected');
    await expect(row.getByTestId('charger-vendor')).toHaveText(BOOT.chargePointVendor);
    await expect(row.getByTestId('charger-model')).toHaveText(BOOT.chargePointModel);
    await expect(row.getByTestId('charger-firmware')).toHaveText(BOOT.firmwareVersion);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A fault: the connector shows it, and the plant's charger alert opens for its users.
    await cp.call('StatusNotification', { connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure', info: 'RCD tripped' });
    await expect(row.getByTestId('charger-connector')).toHaveAttribute('data-status', 'Faulted');
    await expect(row.getByTestId('charger-connector')).toContainText('GroundFailure');
    await expect(page.locator('.bp6-toast', { hasText: `${plantName}: Porucha nabíječky` })).toBeVisible({ timeout: 30_000 });
    await page.goto('/notifications');
    const alert = page.locator('tr[data-testid^="alert-"]', { hasText: 'Porucha nabíječky' }).filter({ hasText: plantName });
    await expect(alert).toHaveCount(1);
    await expect(alert).toContainText('Nabíječka Garáž hlásí poruchu GroundFailure');

    // A remote start from /ev: pending until the charger answers, then as it answered.
    const answers = ['Accepted', 'Rejected'];
    const asked: unknown[] = [];
    cp.handle('RemoteStartTransaction', async ({ params }) => {
      asked.push(params);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // long enough to see it pending
      return { status: answers.shift() };
    });
    await page.goBack();
    await page.getByTestId('detail-make-active').click();
    await page.goto('/ev');
    const control = page.getByTestId('ocpp-charger');
    await expect(control.getByTestId('ocpp-connection')).toHaveText('připojena');
    await control.getByTestId('ocpp-id-tag').fill('CARD-42');
    await control.getByTestId('ocpp-start').click();
    const commands = control.getByTestId('ocpp-command');
    await expect(commands.first()).toHaveAttribute('data-state', 'pending');
    await expect(commands.first()).toHaveAttribute('data-state', 'accepted');
    await control.getByTestId('ocpp-start').click();
    await expect(commands).toHaveCount(2);
    await expect(commands.first()).toHaveAttribute('data-state', 'rejected');
    await expect(commands.first()).toContainText('odmítnuto (Rejected)');
    expect(asked).toEqual([{ idTag: 'CARD-42' }, { idTag: 'CARD-42' }]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Removed in the console (asked first): the server closes the charger's socket.
    await page.goBack();
    await page.getByTestId('tab-devices').click();
    await row.getByTestId('charger-remove').click();
    await expect(page.getByTestId('charger-remove-question')).toContainText('Garáž');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Odebrat', exact: true }).click();
    expect(await closed).toBe(4001);
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('chargers-empty')).toBeVisible();
  } finally {
    await cp.close({ force: true });
  }
});
