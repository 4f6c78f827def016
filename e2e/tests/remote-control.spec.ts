// Remote control end to end against the simulated gateways: an operator changes every kind of setting
// and sees it pending, then in sync (the device's report confirms it); a gateway taken off the broker
// (the simulator's offlineUntil fault) leaves a change queued until it reconnects; a viewer cannot
// change; a schedule starting within the test sets a value and restores it; a fleet command over a
// tag reports each plant's outcome.
import type { APIRequestContext, Page } from '@playwright/test';
import mqtt from 'mqtt';
import { E2E_BROKER_LOGIN, E2E_MQTT_URL as MQTT_URL } from '../playwright.config';
import { adminToken, createActiveUser, type TestUser } from './accounts';
import { expect, openSignedIn, rememberPlant, test } from './support';

const OPERATOR = { email: 'operator@helio.local', password: process.env.E2E_OPERATOR_PASSWORD ?? 'Helio-operator-2024!' };
/** Olomouc: a battery and no charger; the journeys of other specs watch Brno. */
const PLANT_THING = 'demo-olomouc-02';
const PLANT_NAME = 'Olomouc – Farma';

interface PlantRef {
  id: string;
  name: string;
  thingName: string;
}

/** A number as the page writes it in Czech (spaces between thousands, of whatever kind). */
const czNumber = (value: number) => new RegExp(value.toLocaleString('cs-CZ').replace(/\s/g, '\\s'));

async function api<T>(request: APIRequestContext, path: string, body: unknown, token: string, status = 200): Promise<T> {
  const response = await request.post(`/api/${path}`, { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

async function demoPlants(request: APIRequestContext): Promise<PlantRef[]> {
  const admin = await adminToken(request);
  const tenant = (await api<{ tenant: { id: string } }>(request, 'users/info', {}, admin)).tenant.id;
  // Only the simulated demo plants: other journeys add plants to this tenant with no gateway
  // running, which would never confirm a fleet command.
  const all = await api<PlantRef[]>(request, 'plant/list', { id: tenant }, admin);
  return all.filter((p) => p.thingName.startsWith('demo-'));
}

async function publishFaults(thingName: string, payload: string): Promise<void> {
  const client = await mqtt.connectAsync(MQTT_URL, { clientId: `e2e-rc-${Date.now()}`, ...E2E_BROKER_LOGIN, reconnectPeriod: 0 });
  try {
    await client.publishAsync(`helio/things/${thingName}/sim/faults`, payload, { qos: 1, retain: true });
  } finally {
    await client.endAsync();
  }
}

/** Signed in with the plant active, on /rc. */
async function openRemoteControl(page: Page, user: { email: string; password: string }, plantId: string): Promise<void> {
  await rememberPlant(page, plantId);
  await openSignedIn(page, '/rc', user);
  await expect(page.getByTestId('rc-page')).toBeVisible();
}

/** Records every state a control's tag shows from now on (pending may last only a few frames). */
async function watchState(page: Page, key: string): Promise<void> {
  await page.evaluate((k) => {
    const w = window as unknown as { __rcStates: Record<string, string[]> };
    w.__rcStates ??= {};
    const seen: string[] = (w.__rcStates[k] = []);
    const record = () => {
      const state = document.querySelector(`[data-testid="rc-state-${k}"]`)?.getAttribute('data-state');
      if (state && seen.at(-1) !== state) seen.push(state);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      attributes: true,
      childList: true,
      attributeFilter: ['data-state'],
    });
  }, key);
}

const statesSeen = (page: Page, key: string) =>
  page.evaluate((k) => (window as unknown as { __rcStates: Record<string, string[]> }).__rcStates[k], key);

/** Confirms the change in the dialog, which names the plant and old → new. */
async function confirmChange(page: Page, key: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('rc-confirm-text')).toContainText(PLANT_NAME);
  await expect(dialog.getByTestId('rc-confirm-text')).toContainText('→');
  await watchState(page, key);
  await dialog.getByTestId('rc-confirm-send').click();
  await expect(dialog).toBeHidden();
}

async function expectPendingThenInSync(page: Page, key: string): Promise<void> {
  await expect(page.getByTestId(`rc-state-${key}`)).toHaveAttribute('data-state', 'inSync');
  const seen = await statesSeen(page, key);
  expect(seen, `${key} went ${seen.join(' → ')}`).toContain('pending');
  expect(seen.at(-1)).toBe('inSync');
}

test.describe.configure({ mode: 'serial' });

let plants: PlantRef[];
let plant: PlantRef;

test.beforeAll(async ({ request }) => {
  plants = await demoPlants(request);
  plant = plants.find((p) => p.thingName === PLANT_THING) as PlantRef;
});

test('an operator sets each kind of control and sees it pending, then in sync', async ({ page }) => {
  await openRemoteControl(page, OPERATOR, plant.id);
  const control = (key: string) => page.getByTestId(`rc-control-${key}`);
  await expect(page.getByTestId('rc-gateway')).toHaveAttribute('data-state', 'online');

  const numbers: Record<string, string> = { ExportLimit: '12345', BatSocMin: '25', BatChargeMax: '7000', BatDischargeMax: '6500' };
  for (const [key, value] of Object.entries(numbers)) {
    await page.getByTestId(`rc-${key}-input`).fill(value);
    await page.getByTestId(`rc-${key}-apply`).click();
    await confirmChange(page, key);
    await expectPendingThenInSync(page, key);
    await expect(page.getByTestId(`rc-reported-${key}`)).toContainText(czNumber(Number(value)));
  }

  await page.getByTestId('rc-OperMode-input').selectOption('backup');
  await page.getByTestId('rc-OperMode-apply').click();
  await confirmChange(page, 'OperMode');
  await expectPendingThenInSync(page, 'OperMode');
  await expect(page.getByTestId('rc-reported-OperMode')).toHaveText('Záloha');

  await control('ForceCharge').getByText('Nabíjet ze sítě').click();
  await page.getByTestId('rc-ForceCharge-target').fill('60');
  await page.getByTestId('rc-ForceCharge-apply').click();
  await confirmChange(page, 'ForceCharge');
  await expectPendingThenInSync(page, 'ForceCharge');
  await expect(page.getByTestId('rc-reported-ForceCharge')).toContainText(/Na 60\s%/);

  // The history has each command, confirmed by the device, with the time it took.
  await page.getByRole('tab', { name: 'Historie' }).click();
  for (const key of ['ExportLimit', 'BatSocMin', 'BatChargeMax', 'BatDischargeMax', 'OperMode', 'ForceCharge']) {
    await expect(page.locator(`[data-testid="rc-history-row"][data-key="${key}"][data-state="confirmed"]`).first()).toBeVisible();
  }
  const download = page.waitForEvent('download');
  await page.getByTestId('rc-history-csv').click();
  expect((await download).suggestedFilename()).toMatch(
    new RegExp(`^commands_${PLANT_THING}_\\d{4}-\\d\\d-\\d\\d(_\\d{4}-\\d\\d-\\d\\d)?\\.csv$`),
  );

  // Back to how the plant ran, so the rest of the run sees a normal plant.
  await page.getByRole('tab', { name: 'Ovládání' }).click();
  await control('ForceCharge').getByText('Nabíjet ze sítě').click();
  await page.getByTestId('rc-ForceCharge-apply').click();
  await confirmChange(page, 'ForceCharge');
  // Waited for: a change sent while another setting moves would rightly be answered "changed meanwhile".
  await expect(page.getByTestId('rc-reported-ForceCharge')).toHaveText('Vypnuto');
  await page.getByTestId('rc-OperMode-input').selectOption('self-consumption');
  await page.getByTestId('rc-OperMode-apply').click();
  await confirmChange(page, 'OperMode');
  await expect(page.getByTestId('rc-state-OperMode')).toHaveAttribute('data-state', 'inSync');
});

test('a change to a stopped gateway is queued and applied when it reconnects', async ({ page }) => {
  await openRemoteControl(page, OPERATOR, plant.id);
  await expect(page.getByTestId('rc-gateway')).toHaveAttribute('data-state', 'online');
  await publishFaults(PLANT_THING, JSON.stringify({ offlineUntil: Date.now() + 15_000 }));
  try {
    await expect(page.getByTestId('rc-gateway')).toHaveAttribute('data-state', 'offline', { timeout: 10_000 });
    await page.getByTestId('rc-ExportLimit-input').fill('8800');
    await page.getByTestId('rc-ExportLimit-apply').click();
    await confirmChange(page, 'ExportLimit');
    await expect(page.getByTestId('rc-state-ExportLimit')).toHaveAttribute('data-state', 'queued');
    await expect(page.getByTestId('rc-state-ExportLimit')).toContainText('Ve frontě');
    await expect(page.getByTestId('rc-gateway')).toHaveAttribute('data-state', 'online', { timeout: 30_000 });
    await expect(page.getByTestId('rc-state-ExportLimit')).toHaveAttribute('data-state', 'inSync');
    await expect(page.getByTestId('rc-reported-ExportLimit')).toContainText(czNumber(8800));
  } finally {
    await publishFaults(PLANT_THING, '');
  }
});

test('a viewer sees the controls read-only with the reason and cannot change', async ({ page, request }) => {
  const viewer: TestUser = await createActiveUser(request, { prefix: 'rc-viewer', role: 'viewer', modules: ['monitoring', 'rc'] });
  await openRemoteControl(page, viewer, plant.id);
  await expect(page.getByTestId('rc-read-only')).toContainText('„Ovládání zařízení“');
  await expect(page.getByTestId('rc-ExportLimit-input')).toBeDisabled();
  await expect(page.getByTestId('rc-ExportLimit-apply')).toHaveCount(0);
  const { idToken: token } = await (
    await request.post('/api/auth/sign-in', { data: { username: viewer.email, password: viewer.password } })
  ).json();
  await api(request, 'rc/set', { plantId: plant.id, key: 'ExportLimit', value: 100, expectedVersion: 0 }, token, 403);
});

/** HH:MM and yyyy-mm-dd on the plant's wall clock (Prague), `ms` from now. */
function pragueClock(ms: number): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Prague',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + ms))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

test('a schedule that starts within the test sets its value and restores the previous one at its end', async ({ page }) => {
  test.setTimeout(200_000);
  await openRemoteControl(page, OPERATOR, plant.id);
  const before = (await page.getByTestId('rc-reported-ExportLimit').textContent()) ?? '';
  // The next whole minute at least 20 s away, for one minute.
  const untilNextMinute = 60_000 - (Date.now() % 60_000);
  const startIn = untilNextMinute < 20_000 ? untilNextMinute + 60_000 : untilNextMinute;
  const start = pragueClock(startIn + 1000);
  const end = pragueClock(startIn + 61_000);
  await page.getByRole('tab', { name: 'Plány' }).click();
  await page.getByTestId('rc-schedule-key').selectOption('ExportLimit');
  await page.getByTestId('rc-schedule-value').fill('4321');
  await page.getByTestId('rc-schedule-kind').selectOption('once');
  await page.getByTestId('rc-schedule-date').fill(start.date);
  await page.getByTestId('rc-schedule-start').fill(start.time);
  await page.getByTestId('rc-schedule-end').fill(end.time);
  await page.getByTestId('rc-schedule-create').click();
  const row = page.getByTestId('rc-schedule-row').filter({ hasText: `${start.time}–${end.time}` });
  await expect(row).toHaveAttribute('data-active', 'false');
  await expect(row).toHaveAttribute('data-active', 'true', { timeout: startIn + 15_000 });
  await page.getByRole('tab', { name: 'Ovládání' }).click();
  await expect(page.getByTestId('rc-reported-ExportLimit')).toContainText(czNumber(4321), { timeout: 15_000 });
  await expect(page.getByTestId('rc-state-ExportLimit')).toHaveAttribute('data-state', 'inSync');
  await expect(page.getByTestId('rc-reported-ExportLimit')).toHaveText(before, { timeout: 90_000 });
  await expect(page.getByTestId('rc-state-ExportLimit')).toHaveAttribute('data-state', 'inSync');
  await page.getByRole('tab', { name: 'Historie' }).click();
  await expect(page.locator('[data-testid="rc-history-row"][data-key="ExportLimit"]').filter({ hasText: 'Plán' })).toHaveCount(2);
});

test('a fleet command over a tag reports each plant: done, or refused without the operator role', async ({ page, request }) => {
  const admin = await adminToken(request);
  const tag = await api<{ id: string }>(request, 'tag/create', { name: `RC fleet ${Date.now().toString(36)}`, colour: 'violet' }, admin);
  await api(request, 'plant/tags/set', { plantIds: plants.map((p) => p.id), add: [tag.id] }, admin);
  const operator = await createActiveUser(request, { prefix: 'rc-fleet', role: 'operator', modules: ['monitoring', 'rc'] });
  const plzen = plants.find((p) => p.thingName === 'demo-plzen-03') as PlantRef;
  await api(request, 'plant/access/update', { id: plzen.id, userId: operator.id, role: 'viewer' }, admin);

  await openRemoteControl(page, operator, plant.id);
  await page.getByRole('tab', { name: 'Povel flotile' }).click();
  await page.getByTestId('rc-fleet-tag').selectOption(tag.id);
  await page.getByTestId('rc-fleet-key').selectOption('OperMode');
  await page.getByTestId('rc-fleet-value').selectOption('self-consumption');
  await expect(page.getByTestId('rc-fleet-send')).toContainText(String(plants.length));
  await page.getByTestId('rc-fleet-send').click();
  await expect(page.getByTestId('rc-fleet-confirm')).toContainText(String(plants.length));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Odeslat', exact: true }).click();
  const results = page.getByTestId('rc-fleet-result');
  await expect(results).toHaveCount(plants.length);
  await expect(page.getByTestId('rc-fleet-progress')).toContainText(`${plants.length} z ${plants.length}`);
  for (const p of plants) {
    await expect(results.filter({ hasText: p.name })).toHaveAttribute('data-outcome', p.id === plzen.id ? 'refused' : 'done');
  }
});
