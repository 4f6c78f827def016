// A real OCPP charger: an admin adds a charger to a new plant in the console (by keyboard), and a
// charge point made with ocpp-rpc's own RPCClient in strict mode (the library's implementation of the
// OCPP 1.6J schemas, not ours) signs in with the URL and password the dialog showed once. The plant
// detail shows it connected with the vendor, model and firmware of its BootNotification; a
// StatusNotification Faulted raises the plant's charger alert in the notification centre; a remote
// start from /ev is in the command history pending, then accepted or rejected as the charger answers;
// an RFID card added on /ev by keyboard reaches the charger's local list and starts a session; PV mode chosen on the charger's card sends a
// charging profile that follows the plant's surplus (the plant's gateway played over MQTT); a remote
// stop ends the session, listed with its energy from the meter register and its cost; removing the
// charger in the console closes its socket.
import mqtt from 'mqtt';
import { RPCClient } from 'ocpp-rpc';
import { E2E_MQTT_URL as MQTT_URL } from '../playwright.config';
import { seriousA11yViolations } from './shell-support';
import { expect, openSignedIn, test } from './support';

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

test('a charger added in the console connects over OCPP, shows its boot, raises its fault, takes a remote start from /ev, charges on PV with a card, lists the session with its cost and is cut off when removed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const plantName = `E2E OCPP ${run}`;
  const chargePointId = `E2E-${run}`;
  await openSignedIn(page, '/management/plants');
  await page.getByTestId('new-plant').click();
  await page.locator('#new-plant-name').fill(plantName);
  await page.locator('#new-plant-location').fill('Jihlava');
  await page.locator('#new-plant-latitude').fill('49,4');
  await page.locator('#new-plant-longitude').fill('15,59');
  await page.locator('#new-plant-pvPeakKw').fill('8');
  await page.getByTestId('new-plant-create').click();
  const thingName = await page.getByTestId('gateway-thing-name').inputValue();
  const gatewayPassword = await page.getByTestId('gateway-password').inputValue();
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
  const localLists: Array<{ localAuthorizationList?: unknown[] }> = [];
  cp.handle('SendLocalList', async ({ params }) => {
    localLists.push(params as { localAuthorizationList?: unknown[] });
    return { status: 'Accepted' };
  });
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
    await expect(page.getByTestId('detail-active')).toBeVisible();
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

    // The plant's RFID card, added on /ev by keyboard alone: the charger accepts it.
    const cards = page.getByTestId('id-tags');
    await cards.getByLabel('Číslo karty').focus();
    await page.keyboard.type('CARD-42');
    await page.keyboard.press('Tab');
    await expect(cards.getByLabel('Jméno')).toBeFocused();
    await page.keyboard.type('Jana');
    await page.keyboard.press('Enter');
    await expect(cards.locator('[data-testid="id-tag-row"][data-id-tag="CARD-42"]')).toContainText('Jana');
    expect(((await cp.call('Authorize', { idTag: 'card-42' })) as { idTagInfo: { status: string } }).idTagInfo.status).toBe('Accepted');
    // The charger is sent the plant's cards for a start while offline; the history shows it took them.
    await expect.poll(() => localLists.at(-1)?.localAuthorizationList).toEqual([{ idTag: 'CARD-42', idTagInfo: { status: 'Accepted' } }]);
    const listSent = control.locator('[data-testid="ocpp-command"][data-action="SendLocalList"]');
    await expect(listSent.first()).toHaveAttribute('data-state', 'accepted');
    await expect(listSent.first()).toContainText('Seznam karet');

    // The charger obeys the profiles it is sent (and says it has no MinimumStatusDuration).
    const limits: number[] = [];
    cp.handle('GetConfiguration', async () => ({ configurationKey: [{ key: 'MinimumStatusDuration', readonly: true, value: '0' }] }));
    cp.handle('SetChargingProfile', async ({ params }) => {
      const profile = params as { csChargingProfiles: { chargingSchedule: { chargingSchedulePeriod: Array<{ limit: number }> } } };
      limits.push(profile.csChargingProfiles.chargingSchedule.chargingSchedulePeriod[0]!.limit);
      return { status: 'Accepted' };
    });
    const gateway = await mqtt.connectAsync(MQTT_URL, {
      clientId: `gw-${thingName}`,
      username: `gw-${thingName}`,
      password: gatewayPassword,
      reconnectPeriod: 0,
    });
    const plantReports = (reported: Record<string, number>) =>
      gateway.publishAsync(`helio/things/${thingName}/shadow/reported`, JSON.stringify({ state: { reported }, timestamp: Date.now() }), {
        qos: 1,
      });
    const meter = (energyWh: number, amps: number) =>
      cp.call('MeterValues', {
        connectorId: 1,
        transactionId,
        meterValue: [
          {
            timestamp: new Date().toISOString(),
            sampledValue: [
              { value: String(energyWh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
              { value: String(amps * 3 * 230), measurand: 'Power.Active.Import', unit: 'W' },
              ...(['L1', 'L2', 'L3'] as const).map((phase) => ({ value: String(amps), measurand: 'Current.Import', unit: 'A', phase })),
            ],
          },
        ],
      });
    let transactionId = 0;
    try {
      // 5 kW exported: the surplus for the car.
      await plantReports({ ActPwrPve: 6000, ActPwrGrid: -5000, ActPwrBat: 0 });
      await cp.call('StatusNotification', { connectorId: 1, status: 'Preparing', errorCode: 'NoError' });
      const started = (await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: 'CARD-42',
        meterStart: 1_000_000,
        timestamp: new Date().toISOString(),
      })) as { transactionId: number; idTagInfo: { status: string } };
      expect(started.idTagInfo.status).toBe('Accepted');
      transactionId = started.transactionId;
      await cp.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' });

      // PV mode on the charger's own card: the profile starts at what 5 kW carries on three phases, 7 A.
      const card = page.locator('[data-charger-card]');
      await card.getByLabel('Režim').selectOption('solar');
      await expect.poll(() => limits.at(-1), { timeout: 30_000 }).toBe(7);
      await meter(1_000_300, 7);
      await expect(card.getByTestId('charger-current')).toHaveText(/^7\sA$/);
      const profiles = control.locator('[data-testid="ocpp-command"][data-action="SetChargingProfile"]');
      await expect(profiles.first()).toHaveAttribute('data-state', 'accepted', { timeout: 20_000 });
      await expect(profiles.first()).toContainText('solární řízení');

      // More sun: 3 kW still exported beside the car's 4.8 kW is 7.8 kW for it, 11 A; the charger follows.
      await plantReports({ ActPwrPve: 9000, ActPwrGrid: -3000, ActPwrBat: 0 });
      await expect.poll(() => limits.at(-1), { timeout: 30_000 }).toBe(11);
      await meter(1_000_800, 11);
      await expect(card.getByTestId('charger-current')).toHaveText(/^11\sA$/);
      await expect(card.getByTestId('charger-power')).toHaveText(/^7,59\skW$/);

      // A cloud: 2 kW from the grid for a while, then stopped from /ev.
      await plantReports({ ActPwrPve: 5600, ActPwrGrid: 2000, ActPwrBat: 0 });
      await new Promise((resolve) => setTimeout(resolve, 3000)); // a few seconds charging partly from the grid
      await meter(1_001_200, 11);
      cp.handle('RemoteStopTransaction', async () => {
        setTimeout(() => {
          void cp
            .call('StopTransaction', { transactionId, meterStop: 1_001_500, timestamp: new Date().toISOString(), reason: 'Remote' })
            .then(() => cp.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' }));
        }, 200);
        return { status: 'Accepted' };
      });
      await control.getByTestId('ocpp-stop').click();
      await expect(control.getByTestId('ocpp-start')).toBeVisible({ timeout: 20_000 });
      const session = control.getByTestId('ocpp-session').first();
      await expect(session).toHaveAttribute('data-running', 'false', { timeout: 20_000 });
      await expect(session).toContainText('Jana');
      await expect(session).toContainText('na dálku');
      await expect(session.getByTestId('ocpp-session-energy')).toHaveText('1,5');
      const cost = (await session.getByTestId('ocpp-session-cost').innerText()).replace(/\s/g, ' ');
      // Priced at the spot price of its time (the demo curve here), whatever its sign.
      expect(cost).toMatch(/^−?-?\d+,\d\d Kč \(spot\)$/);

      // Out of service from /ev: the charger takes ChangeAvailability and reports its connector
      // Unavailable; the button then offers it back.
      cp.handle('ChangeAvailability', async ({ params }) => {
        const unavailable = (params as { type: string }).type === 'Inoperative';
        setTimeout(() => {
          void cp.call('StatusNotification', { connectorId: 1, status: unavailable ? 'Unavailable' : 'Available', errorCode: 'NoError' });
        }, 200);
        return { status: 'Accepted' };
      });
      await control.getByRole('button', { name: 'Vyřadit z provozu' }).click();
      await expect(control.getByRole('button', { name: 'Vrátit do provozu' })).toBeVisible({ timeout: 20_000 });
      await expect(control.locator('[data-testid="ocpp-command"][data-action="ChangeAvailability"]').first()).toHaveAttribute(
        'data-state',
        'accepted',
      );
      // A restart is the owner's, asked first; the charger's answer settles it.
      const resets: unknown[] = [];
      cp.handle('Reset', async ({ params }) => {
        resets.push(params);
        return { status: 'Accepted' };
      });
      await control.getByTestId('charger-reset').click();
      await expect(page.getByTestId('charger-reset-question')).toContainText('Garáž');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Restartovat', exact: true }).click();
      await expect(control.locator('[data-testid="ocpp-command"][data-action="Reset"]').first()).toHaveAttribute('data-state', 'accepted', {
        timeout: 20_000,
      });
      expect(resets).toEqual([{ type: 'Soft' }]);
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await gateway.endAsync(true);
    }

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
