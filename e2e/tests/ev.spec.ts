// EV charging on the real server and simulator: a car plugged into a demo plant's charger (through the
// simulator's EV test topic, with the sun and the house load pinned), solar mode following the surplus,
// off stopping, fast charging at full power; the finished session in the list with its energy and
// solar share; a charge plan with its slots and its "cannot be reached in time" warning; a vehicle
// added on /ev (the form refusing a bad battery first), assigned to a new plant's OCPP charger, the
// charger's "charge only below" price shown against the price now, and a weekly plan with its next
// departure, all kept across a reload.
import mqtt from 'mqtt';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ChargerView } from '@helio/contracts';
import { E2E_BROKER_LOGIN, E2E_MQTT_URL as MQTT_URL } from '../playwright.config';
import { adminToken } from './accounts';
import { seriousA11yViolations } from './shell-support';
import { expect, openSignedIn, rememberPlant, test } from './support';

// Plzeň: 20 kWp, a 22 kW charger and no home battery, so the surplus is exactly sun − load.
const THING = 'demo-plzen-03';
const V = 230;

async function api<T>(request: APIRequestContext, path: string, body: unknown, token: string): Promise<T> {
  const response = await request.post(`/api/${path}`, { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Publishes on the simulator's EV test topic as the server's broker login. */
async function simEv(message: object): Promise<void> {
  const client = await mqtt.connectAsync(MQTT_URL, { clientId: `e2e-ev-${Date.now()}`, ...E2E_BROKER_LOGIN, reconnectPeriod: 0 });
  try {
    await client.publishAsync(`helio/things/${THING}/sim/ev`, JSON.stringify(message), { qos: 1 });
  } finally {
    await client.endAsync();
  }
}

interface Shadow {
  state: { reported: Record<string, unknown> };
  metadata: { reported: Record<string, { timestamp: number }> };
}

/**
 * Waits until the charger reports `watts`, and returns how many of the gateway's reports (once a second,
 * each with its own timestamp) it took, counted from the first report that `from` accepts (by default
 * any report after `since`): the report in which the simulator already had a change, not the time the
 * journey sent it, which a busy broker delivers later.
 */
async function reportsUntilPower(
  request: APIRequestContext,
  token: string,
  watts: number,
  since: number,
  from: (reported: Record<string, unknown>) => boolean = () => true,
): Promise<number> {
  const seen = new Set<number>();
  let first: number | undefined;
  await expect
    .poll(
      async () => {
        const shadow = await api<Shadow>(request, 'iot/thing/shadow', { thingName: THING }, token);
        const at = shadow.metadata.reported.ActPwrEv?.timestamp ?? 0;
        if (first === undefined && at > since && from(shadow.state.reported)) first = at;
        if (first !== undefined && at >= first) seen.add(at);
        return first !== undefined ? shadow.state.reported.ActPwrEv : undefined;
      },
      { timeout: 20_000, intervals: [150] },
    )
    .toBe(watts);
  return seen.size;
}

const setDesired = (request: APIRequestContext, token: string, key: string, value: unknown) =>
  api(request, 'iot/thing/shadow/desired', { thingName: THING, desiredKey: key, desiredState: value }, token);

async function openEv(page: Page, plantId: string): Promise<void> {
  await rememberPlant(page, plantId);
  await openSignedIn(page, '/ev');
}

test('a plugged car: solar mode follows the surplus within two reports, off stops, fast charges at full power; the session is listed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const { chargers } = await api<{ chargers: ChargerView[] }>(request, 'ev/chargers', {}, token);
  const charger = chargers.find((c) => c.thingName === THING)!;
  expect(charger).toBeTruthy();

  await setDesired(request, token, 'EvPhases', 3);
  await setDesired(request, token, 'EvMaxCurrent', 32);
  await setDesired(request, token, 'EvMode', 'solar');
  // Short delays: the journey cannot wait evcc's minutes for a start.
  await simEv({
    car: { batteryKwh: 77, socPct: 20, limitPct: 90 },
    sunW: 9000,
    loadW: 1000,
    timing: { startHoldMs: 0, stopDelayMs: 0, phaseSwitchDelayMs: 0 },
  });
  // Surplus 8 kW on three phases: 11 A (7,590 W), never more than the surplus.
  await reportsUntilPower(request, token, 11 * 3 * V, 0);

  await openEv(page, charger.plantId);
  // The plant's charger is the gateway's (no OCPP password): its card shows the plant's report.
  const card = page.locator(`[data-device-id="${charger.deviceId}"]`);
  await expect(card.getByTestId('charger-connected')).toHaveText('Auto připojeno');
  await expect(card.getByTestId('charger-power')).toHaveText(/7,59\s*kW/);
  await expect(card.getByTestId('charger-current')).toHaveText(/11\s*A/);
  await expect(card.getByTestId('charger-solar')).toHaveText(/100\s*%/);

  // Less sun: 5 kW surplus is 7 A; the charger follows within two reports of the sun's change.
  const before = Date.now();
  await simEv({ sunW: 6000 });
  expect(await reportsUntilPower(request, token, 7 * 3 * V, before, (reported) => reported.ActPwrPve === 6000)).toBeLessThanOrEqual(2);
  await expect(card.getByTestId('charger-power')).toHaveText(/4,83\s*kW/);

  // Off, chosen on the page: charging stops.
  await card.getByLabel('Režim').selectOption('off');
  await reportsUntilPower(request, token, 0, Date.now());
  await expect(card.getByTestId('charger-power')).toHaveText(/0\s*kW/);

  // Fast: full power of the 22 kW charger, 31 A on three phases.
  await card.getByLabel('Režim').selectOption('fast');
  await reportsUntilPower(request, token, 31 * 3 * V, Date.now());
  await expect(card.getByTestId('charger-current')).toHaveText(/31\s*A/);
  await page.waitForTimeout(3000); // a few seconds of grid-assisted charging

  // The car leaves: the session ends and is listed with its energy and solar share.
  // The demo charger back as it was for the journeys after this one: full power, evcc's delays.
  await simEv({ car: null, sunW: null, loadW: null, timing: { startHoldMs: 60_000, stopDelayMs: 180_000, phaseSwitchDelayMs: 60_000 } });
  await reportsUntilPower(request, token, 0, Date.now());
  await setDesired(request, token, 'EvMode', 'fast');
  await expect(async () => {
    await page.reload();
    const row = page.getByTestId('session-row').first();
    await expect(row).toBeVisible({ timeout: 5000 });
    await expect(row.locator('td').nth(1)).not.toHaveText('nabíjí se');
    const energy = Number((await row.getByTestId('session-energy').innerText()).replace(/\s/g, '').replace(',', '.'));
    expect(energy).toBeGreaterThan(0);
    const solar = Number((await row.getByTestId('session-solar').innerText()).replace(/[^\d,]/g, '').replace(',', '.'));
    // Solar charging first, then fast charging partly from the grid: a share between the two.
    expect(solar).toBeGreaterThan(0);
    expect(solar).toBeLessThan(100);
  }).toPass({ timeout: 30_000, intervals: [2000] });
});

test('a charge plan shows its slots, and warns when the target cannot be reached in time', async ({ page, request }) => {
  const token = await adminToken(request);
  const { chargers } = await api<{ chargers: ChargerView[] }>(request, 'ev/chargers', {}, token);
  const charger = chargers.find((c) => c.thingName === THING)!;
  await openEv(page, charger.plantId);
  const plan = page.getByTestId('plan-card');
  await plan.getByTestId('plan-target').fill('30');
  await plan.getByTestId('plan-compute').click();
  await expect(plan.getByTestId('plan-reachable')).toBeVisible();
  await expect(plan.getByTestId('plan-slots').locator('li').first()).toBeVisible();
  await expect(plan.getByTestId('plan-chart').locator('canvas')).toBeVisible();

  // 150 kWh in about two hours is more than a 22 kW charger can give.
  const soon = new Date(Date.now() + 2.5 * 3_600_000);
  const local = new Date(soon.getTime() - soon.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await plan.getByTestId('plan-target').fill('150');
  await plan.getByTestId('plan-departure').fill(local);
  await plan.getByTestId('plan-compute').click();
  await expect(plan.getByTestId('plan-unreachable')).toContainText('Do odjezdu nelze stihnout');
  await expect(plan.getByTestId('plan-slots').locator('li').first()).toBeVisible();
});

test('a vehicle added on /ev, assigned to a charger with a price limit and a weekly plan: the charger card shows each', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const run = Date.now().toString(36);
  const { plant } = await api<{ plant: { id: string } }>(
    request,
    'plant/create',
    { name: `E2E EV ${run}`, location: 'Jihlava', latitude: 49.4, longitude: 15.59, timezone: 'Europe/Prague', pvPeakKw: 8 },
    token,
  );
  const { chargerId } = await api<{ chargerId: string }>(
    request,
    'ev/charger/add',
    { plantId: plant.id, chargePointId: `E2E-EV-${run}`, name: 'Garáž' },
    token,
  );
  await openEv(page, plant.id);

  // A vehicle, by keyboard: the form says what is wrong before it sends anything.
  const vehicles = page.getByTestId('vehicles');
  await expect(vehicles).toContainText('Elektrárna zatím nemá žádné vozidlo');
  await vehicles.getByLabel('Název').fill('Škoda Enyaq');
  await vehicles.getByLabel('Kapacita baterie (kWh)').fill('0');
  await vehicles.getByLabel('Stav nabití (%, nepovinné)').fill('30');
  await vehicles.getByLabel('Kapacita baterie (kWh)').press('Enter');
  await expect(vehicles).toContainText('Kapacita musí být větší než 0 a nejvýše 200 kWh.');
  await vehicles.getByLabel('Kapacita baterie (kWh)').fill('77,5');
  await vehicles.getByLabel('Kapacita baterie (kWh)').press('Enter');
  const row = vehicles.locator('[data-testid="vehicle-row"][data-vehicle="Škoda Enyaq"]');
  await expect(row.getByTestId('vehicle-capacity')).toHaveText(/^77,5\skWh$/);
  await expect(row.getByTestId('vehicle-limit')).toHaveText(/^80\s%$/);
  await expect(row.getByTestId('vehicle-soc')).toHaveText(/^30\s% \(zadáno ručně\)$/);

  // Assigned to the charger on its card.
  const card = page.locator(`[data-charger-card="${chargerId}"]`);
  await card.getByLabel('Vozidlo').selectOption({ label: 'Škoda Enyaq' });
  await expect(card.getByLabel('Vozidlo')).toHaveValue(/.+/);

  // Charge from the grid only below 3,50 Kč/kWh: the card tells the price now against it.
  await card.getByLabel('Nabíjet ze sítě jen pod cenou').fill('3,5');
  await card.getByTestId('charger-price-limit-save').click();
  await expect(page.locator('.bp6-toast', { hasText: 'Cenový limit uložen' })).toBeVisible();
  await expect(card.getByTestId('charger-price-state')).toHaveText(
    /^(Cena teď -?−?\d+,\d\d\sKč\/kWh je (pod|nad) limitem 3,50\sKč\/kWh: .+|Cena teď není známa, limit 3,50\sKč\/kWh proto nabíjení nebrání\.)$/,
  );

  // A weekly plan: weekdays and Sunday, 06:45, to 85 %; the card names its next departure.
  const weekly = card.getByTestId('weekly-plan');
  await expect(weekly.getByTestId('weekly-next')).toHaveText('Žádný týdenní plán.');
  // Sunday by keyboard: its checkbox focused, Space ticks it.
  await weekly.getByLabel('Ne', { exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(weekly.getByLabel('Ne', { exact: true })).toBeChecked();
  await weekly.getByLabel('Odjezd v').fill('06:45');
  await weekly.getByLabel('Cílový stav nabití').fill('85');
  await weekly.getByTestId('weekly-save').click();
  await expect(page.locator('.bp6-toast', { hasText: 'Týdenní plán uložen' })).toBeVisible();
  await expect(weekly.getByTestId('weekly-next')).toHaveText(/^Příští odjezd: \S+ .*06:45, nabito na 85 %\.$/);

  // Kept by the server: after a reload the card shows the same.
  await page.reload();
  await expect(card.getByLabel('Vozidlo').locator('option:checked')).toHaveText('Škoda Enyaq');
  await expect(card.getByLabel('Nabíjet ze sítě jen pod cenou')).toHaveValue('3,5');
  await expect(card.getByTestId('weekly-next')).toContainText('06:45, nabito na 85 %');
  await expect(card.getByTestId('weekly-day-7')).toBeChecked();

  // A departure plan for this OCPP charger (it has no device row): to 70 % from the 30 % entered, of
  // the vehicle's 77.5 kWh, is 31 kWh.
  const plan = page.getByTestId('plan-card');
  await plan.getByLabel('Cíl').selectOption('soc');
  await plan.getByTestId('plan-target').fill('70');
  await plan.getByTestId('plan-compute').click();
  await expect(plan.getByTestId('plan-result')).toBeVisible();
  await expect(plan.getByTestId('plan-slots').locator('li').first()).toBeVisible();
  await expect(plan.getByTestId('plan-reachable').or(plan.getByTestId('plan-unreachable'))).toContainText(
    /31\skWh bude nabito|nabít lze \d/,
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
});
