// The power-flow diagram (/flow) and energy management (/ems) against the real server, broker and
// simulator (reporting every second in this run).
import type { Page } from '@playwright/test';
import mqtt from 'mqtt';
import { E2E_BROKER_LOGIN, E2E_MQTT_URL as MQTT_URL } from '../playwright.config';
import { expect, openSignedIn, test } from './support';

const BRNO = 'Brno – Rodinný dům';
const ADMIN_THINGS = ['demo-brno-01', 'demo-olomouc-02', 'demo-plzen-03'];

async function openFlowOf(page: Page, plantName: string, path: '/flow' | '/ems'): Promise<void> {
  await openSignedIn(page);
  await page.getByTestId('plant-switcher').selectOption({ label: plantName });
  await page.goto(path);
}

/**
 * Plays a gateway reporting `pvW`, several times a second so it wins over the simulator's own reports.
 * It logs in as the server: a gateway's own login would take over the simulated gateway's session.
 */
async function reportPv(pvW: number, forMs: number): Promise<void> {
  const client = await mqtt.connectAsync(MQTT_URL, { clientId: `e2e-flow-${Date.now()}`, ...E2E_BROKER_LOGIN });
  try {
    const until = Date.now() + forMs;
    while (Date.now() < until) {
      for (const thing of ADMIN_THINGS) {
        await client.publishAsync(
          `helio/things/${thing}/shadow/reported`,
          JSON.stringify({ state: { reported: { ActPwrPve: pvW } }, timestamp: Date.now() }),
          { qos: 1 },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.endAsync();
  }
}

async function viewportScale(page: Page): Promise<number> {
  const transform = await page.locator('.react-flow__viewport').evaluate((element) => getComputedStyle(element).transform);
  // matrix(a, b, c, d, e, f): the scale is a
  const match = /matrix\(([^,]+),/.exec(transform);
  if (!match) throw new Error(`no transform matrix: ${transform}`);
  return Number(match[1]);
}

test('the flow shows five nodes with live labels on every edge', async ({ page }) => {
  await openFlowOf(page, BRNO, '/flow');
  await expect(page.getByRole('heading', { name: /Tok energie/ })).toBeVisible();
  await expect(page.locator('.react-flow__node')).toHaveCount(5);
  for (const id of ['pv', 'grid', 'core', 'charger', 'battery']) await expect(page.getByTestId(`flow-node-${id}`)).toBeVisible();
  for (const edge of ['pv', 'grid', 'battery', 'charger']) await expect(page.getByTestId(`edge-value-${edge}`)).toContainText(/\d\sk?W/);
  // the canvas reaches the bottom of the window
  const box = await page.getByTestId('flow-canvas').boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(box && box.y + box.height).toBeGreaterThan(height - 40);
});

test('the PV label follows the power the gateway reports', async ({ page }) => {
  await openFlowOf(page, BRNO, '/flow');
  const pv = page.getByTestId('edge-value-pv');
  await expect(pv).toContainText(/W/);
  const reporting = reportPv(4321, 6_000);
  await expect(pv).toHaveText(/^4,32\skW$/, { timeout: 6_000 });
  await expect(page.getByTestId('edge-meaning-pv')).toHaveText('výroba');
  await reporting;
  const again = reportPv(1234, 6_000);
  await expect(pv).toHaveText(/^1,23\skW$/, { timeout: 6_000 });
  await again;
  // the simulator's own figure takes over again
  await expect(pv).not.toHaveText(/^1,23\skW$/, { timeout: 10_000 });
});

test('an active flow moves (a dot and running dashes) and stands still for a user who asks for reduced motion', async ({ page }) => {
  await openFlowOf(page, BRNO, '/flow');
  // PV producing throughout, so its edge is active by day or night (the simulator's PV is 0 at night)
  const reporting = reportPv(4321, 10_000);
  const edgePath = page.locator('[data-testid="rf__edge-edge-pv"] path.react-flow__edge-path');
  const dashAnimation = () => edgePath.evaluate((path) => getComputedStyle(path).animationName);
  await expect(page.getByTestId('flow-dot-pv')).toHaveCount(1);
  await expect.poll(dashAnimation).not.toBe('none');
  // the setting changed while the page is open: the diagram follows without a reload
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(page.getByTestId('flow-dot-pv')).toHaveCount(0);
  await expect.poll(dashAnimation).toBe('none');
  await expect(page.getByTestId('edge-value-pv')).toContainText(/\d\sk?W/); // the figure still shows
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(page.getByTestId('flow-dot-pv')).toHaveCount(1);
  await reporting;
});

test('a connection to the same handle is refused, one to a target handle is made', async ({ page }) => {
  await openFlowOf(page, BRNO, '/flow');
  const edges = page.locator('.react-flow__edge');
  await expect(edges).toHaveCount(4);
  const pvOut = page.locator('[data-testid="flow-node-pv"] .react-flow__handle.source');
  const from = await pvOut.boundingBox();
  if (!from) throw new Error('no PV handle');
  const cx = from.x + from.width / 2;
  const cy = from.y + from.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 40, cy + 30, { steps: 5 });
  await page.mouse.move(cx, cy, { steps: 5 });
  await page.mouse.up();
  await expect(edges).toHaveCount(4);

  const batteryIn = await page.locator('[data-testid="flow-node-battery"] .react-flow__handle.target').boundingBox();
  if (!batteryIn) throw new Error('no battery handle');
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(batteryIn.x + batteryIn.width / 2, batteryIn.y + batteryIn.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(edges).toHaveCount(5);
});

test('zoom never passes 1.15', async ({ page }) => {
  await openFlowOf(page, BRNO, '/flow');
  const zoomIn = page.locator('.react-flow__controls-zoomin');
  await expect(zoomIn).toBeVisible();
  for (let i = 0; i < 12 && (await zoomIn.isEnabled()); i++) {
    await zoomIn.click();
    await page.waitForTimeout(150);
  }
  await expect(zoomIn).toBeDisabled();
  const scale = await viewportScale(page);
  expect(scale).toBeLessThanOrEqual(1.15 + 1e-9);
  expect(scale).toBeGreaterThan(1.1);
  // scrolling does not zoom
  const pane = await page.locator('.react-flow__pane').boundingBox();
  if (!pane) throw new Error('no pane');
  await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
  await page.mouse.wheel(0, -600);
  await page.waitForTimeout(300);
  expect(await viewportScale(page)).toBeCloseTo(scale, 5);
});

test('/ems shows the battery and its operating mode, and changes the mode through the device', async ({ page }) => {
  await openFlowOf(page, BRNO, '/ems');
  const battery = page.getByTestId('ems-battery');
  await expect(battery).toBeVisible();
  await expect(page.getByTestId('ems-battery-soc')).toHaveText(/^\d+\s%$/);
  await expect(page.getByTestId('ems-battery-state')).toHaveText(/nabíjí se|vybíjí se|v klidu/);
  const mode = page.getByTestId('ems-oper-mode');
  await expect(mode).toHaveText(/Vlastní spotřeba|Záloha|Vynucené nabíjení|Nečinnost/);
  await expect(page.locator('.react-flow__node')).toHaveCount(5);
  // today's balance: figures once metric/time-series answers, its own error state until then
  await expect(page.getByTestId('balance-produced').or(page.getByTestId('balance-error'))).toBeVisible();

  const before = (await mode.textContent()) ?? '';
  const target = before === 'Záloha' ? { value: 'idle', label: 'Nečinnost' } : { value: 'backup', label: 'Záloha' };
  await page.getByTestId('ems-oper-mode-select').selectOption(target.value);
  await page.getByTestId('ems-oper-mode-apply').click();
  await expect(mode).toHaveText(target.label, { timeout: 15_000 });
  await expect(page.getByTestId('ems-oper-mode-pending')).toBeHidden();
});
