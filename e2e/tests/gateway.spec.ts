// A real plant: an admin creates a plant in the console, an installer starts the Helio gateway (the
// built program, as systemd would) with that plant's gateway login against SunSpec devices served by
// Debian's pymodbus, and the console shows the plant's live flow, a reserve set on /rc confirmed once
// the battery holds it (a setting it cannot take refused with the reason), and on /services each
// device's identity from its SunSpec model 1 and that it answers.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pymodbusMissing, startPymodbus, type PymodbusFixture } from '../../gateway/src/testing/pymodbus-fixture';
import { BATTERY_FACTS, INVERTER_FACTS, METER_FACTS, testPlantSpec } from '../../gateway/src/testing/sunspec-plant';
import { E2E_MQTT_URL as MQTT_URL } from '../playwright.config';
import { expect, openSignedIn, test } from './support';

const GATEWAY_CLI = path.join(__dirname, '..', '..', 'gateway', 'dist', 'cli.js');
const missing = pymodbusMissing();

test('a plant created in the console shows its live flow and its devices once the gateway reads them', async ({ page }) => {
  test.skip(missing !== undefined, `skipped: ${missing}`);
  test.setTimeout(120_000); // the outbox's last check alone may wait 40 s
  const run = Date.now().toString(36);
  await openSignedIn(page, '/management/plants');
  await page.getByTestId('new-plant').click();
  await page.locator('#new-plant-name').fill(`E2E SunSpec ${run}`);
  await page.locator('#new-plant-location').fill('Třebíč');
  await page.locator('#new-plant-latitude').fill('49,2');
  await page.locator('#new-plant-longitude').fill('15,88');
  await page.locator('#new-plant-pvPeakKw').fill('10');
  await page.locator('#new-plant-batteryKwh').fill('10');
  await page.getByTestId('new-plant-create').click();
  const thingName = await page.getByTestId('gateway-thing-name').inputValue();
  const password = await page.getByTestId('gateway-password').inputValue();
  await page.getByTestId('gateway-login-done').click();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-e2e-gateway-'));
  let fixture: PymodbusFixture | undefined;
  let gateway: ChildProcess | undefined;
  let output = '';
  try {
    fixture = await startPymodbus(testPlantSpec());
    const config = {
      thingName,
      mqtt: { url: MQTT_URL, password },
      devices: [
        { kind: 'inverter', host: '127.0.0.1', port: fixture.ports.inverter, unit: 1 },
        { kind: 'meter', host: '127.0.0.1', port: fixture.ports.meter, unit: 2 },
        { kind: 'battery', host: '127.0.0.1', port: fixture.ports.battery, unit: 3 },
      ],
      intervalMs: 1000,
    };
    fs.writeFileSync(path.join(dir, 'gateway.json'), JSON.stringify(config), { mode: 0o600 });
    gateway = spawn(process.execPath, [GATEWAY_CLI, '--config', path.join(dir, 'gateway.json')], { stdio: ['ignore', 'pipe', 'pipe'] });
    gateway.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    gateway.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

    // The plant goes online; make it the active one.
    const row = page.locator(`[data-testid="plant-row"][data-thing="${thingName}"]`);
    await page.getByTestId('plants-search').fill(run);
    await expect(row.getByTestId('plant-status'), output).toHaveAttribute('data-status', 'online', { timeout: 20_000 });
    await row.click();
    await page.getByTestId('detail-make-active').click();
    await expect(page.getByTestId('detail-active')).toBeVisible();

    // The live flow: 6 kW of sun, 3.7 kW exported, the battery charging 0.8 kW.
    await page.goto('/flow');
    await expect(page.getByTestId('edge-value-pv')).toHaveText(/^6,0\skW$/, { timeout: 15_000 });
    await expect(page.getByTestId('edge-value-grid')).toHaveText(/^3,7\skW$/);
    await expect(page.getByTestId('edge-value-battery')).toHaveText(/^800\sW$/);

    // Remote control: the battery's reserve reaches its register and is confirmed once read back; a
    // setting SunSpec's storage controls cannot express is refused, the gateway's reason shown.
    await page.goto('/rc');
    const send = async (key: string, value: string) => {
      await page.getByTestId(`rc-${key}-input`).fill(value);
      await page.getByTestId(`rc-${key}-apply`).click();
      await page.getByRole('dialog').getByTestId('rc-confirm-send').click();
      await expect(page.getByRole('dialog')).toBeHidden();
    };
    await send('BatSocMin', '25');
    await expect(page.getByTestId('rc-state-BatSocMin')).toHaveAttribute('data-state', 'inSync', { timeout: 15_000 });
    await expect(page.getByTestId('rc-reported-BatSocMin')).toContainText('25');
    expect(await fixture.read('battery', 124, 'MinRsvPct')).toEqual({ raw: 250, value: 25 });
    await send('BatChargeMax', '3000');
    await expect(page.getByTestId('rc-refused-BatChargeMax')).toContainText('does not set the battery’s charge power', { timeout: 15_000 });
    await expect(page.getByTestId('rc-refused-BatChargeMax')).toContainText('Brána toto nastavení odmítla');

    // Each device's identity from its model 1, and that it answers.
    await page.goto('/services');
    const devices = page.getByTestId('gateway-device');
    await expect(devices).toHaveCount(3, { timeout: 20_000 });
    for (const [id, facts] of [
      ['inverter-1', INVERTER_FACTS],
      ['meter-1', METER_FACTS],
      ['battery-1', BATTERY_FACTS],
    ] as const) {
      const device = page.locator(`[data-testid="gateway-device"][data-device="${id}"]`);
      for (const text of [`${facts.maker} ${facts.model}`, facts.serial, facts.firmware, 'Odpovídá'])
        await expect(device).toContainText(text);
    }
    await expect(page.getByTestId('gateway-status')).toHaveText('Online');
    await expect(page.getByTestId('data-delay')).toHaveText(/^\d+ sekund/);
    // Nothing waits in the outbox. /services asks every 15 s, and the health it shows may be one sent
    // while a report was on its way; a report whose acknowledgement was lost goes again after 20 s
    // (the gateway's log, added on failure, says so).
    await expect(page.getByTestId('gateway-buffered'))
      .toHaveText(/^0$/, { timeout: 40_000 })
      .catch((error: Error) => {
        throw new Error(`${error.message}\n\nthe gateway's log:\n${output}`);
      });
  } finally {
    gateway?.kill('SIGTERM');
    await fixture?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
