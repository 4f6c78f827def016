// An alert raised by the simulator, end to end: a simulated plant is told to report an inverter
// fault (its fault-injection topic, device-simulator/README.md), the server's alert engine opens the
// alert (ALERT_TICK_MS is 2 s in these runs), and it reaches the users of the plant: in the app always
// (toast, nav unread count, /notifications) at once, through the tab's live stream, on a page that
// shows a plant and on one that shows none; by e-mail (the outbox) only for the user whose schedule
// window includes the alert's start on the plant's wall clock.
import type { APIRequestContext, Browser, Page, Request } from '@playwright/test';
import { expect, openSignedIn, test } from './support';
import mqtt from 'mqtt';
import { E2E_BROKER_LOGIN, E2E_MQTT_URL as MQTT_URL } from '../playwright.config';
import { createActiveUser, goInApp, type TestUser } from './accounts';
import { mailSubjectsTo } from './outbox';

/** How long the journey waits at most: more than the nav's 30 s poll of the latest alerts. */
const ARRIVES_WITHIN_MS = 45_000;
/**
 * How soon the toast and the badge must follow the fault: a report (every 1 s here), the engine's
 * tick (2 s) and the live stream, well before the 30 s poll could have brought them.
 */
const LIVE_WITHIN_MS = 10_000;
const INVERTER_FAULT_CS = 'Porucha střídače';

interface PlantRef {
  id: string;
  name: string;
  thingName: string;
  timezone: string;
}

async function api<T>(request: APIRequestContext, path: string, body: unknown, token: string): Promise<T> {
  const response = await request.post(`/api/${path}`, { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function tokenOf(request: APIRequestContext, user: TestUser): Promise<string> {
  const response = await request.post('/api/auth/sign-in', { data: { username: user.email, password: user.password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Every day from–to, switched on, saved through the user's own schedule endpoint. */
async function saveWindow(request: APIRequestContext, token: string, from: string, to: string): Promise<void> {
  const days = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, enabled: true, from, to }));
  await api(request, 'notifications/settings/save', { period: 'allDays', enabled: true, days }, token);
}

/** A whole-day window, and one that cannot hold the next minutes on the plant's wall clock. */
function windows(timeZone: string): { inside: [string, string]; outside: [string, string] } {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  return { inside: ['00:00', '23:59'], outside: hour < 12 ? ['14:00', '23:00'] : ['01:00', '10:00'] };
}

/** Publishes the plant's injected faults as the server's broker login (retained; {} clears). */
async function setFaults(thingName: string, faults: { inverterFault?: boolean; gridOutage?: boolean }): Promise<void> {
  const client = await mqtt.connectAsync(MQTT_URL, { clientId: `e2e-alerts-${Date.now()}`, ...E2E_BROKER_LOGIN, reconnectPeriod: 0 });
  try {
    const payload = Object.keys(faults).length === 0 ? '' : JSON.stringify(faults);
    await client.publishAsync(`helio/things/${thingName}/sim/faults`, payload, { qos: 1, retain: true });
  } finally {
    await client.endAsync();
  }
}

/** Each page's newest live-stream request, and whether the server has accepted it. */
const liveStreams = new WeakMap<Page, { request: Request; accepted: boolean }>();

/**
 * The URL of the page's newest live stream once the server accepted it. The tab may have opened the
 * alerts-only stream before the dashboard watched its plant, or after: only the newest one counts.
 */
function latestLiveStream(page: Page): string | undefined {
  const stream = liveStreams.get(page);
  return stream?.accepted ? stream.request.url() : undefined;
}

/** Signed in, with the nav's first answer of open alerts in: its baseline, so what opens later is news. */
async function signedInPage(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/live') liveStreams.set(page, { request, accepted: false });
  });
  page.on('response', (response) => {
    const stream = liveStreams.get(page);
    if (stream?.request === response.request() && response.ok()) stream.accepted = true;
  });
  const baseline = page.waitForResponse((r) => r.url().endsWith('/api/notifications/alerts/list') && r.ok());
  await openSignedIn(page, '/', user);
  await baseline;
  return page;
}

const alertRow = (page: Page, plant: PlantRef) =>
  page.locator('tr[data-testid^="alert-"]', { hasText: INVERTER_FAULT_CS }).filter({ hasText: plant.name });

async function expectAlertInCentre(page: Page, plant: PlantRef): Promise<void> {
  await goInApp(page, '/notifications');
  const row = alertRow(page, plant);
  await expect(row).toHaveCount(1);
  await expect(row.getByText(/Trvá|Ongoing/)).toBeVisible();
  await expect(row).toHaveClass(/helio-alert--unread/);
}

test('an inverter fault of a simulated plant reaches the app of every user and the mail of the one whose window is open', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const inside = await createActiveUser(request, { prefix: 'alert-inside' });
  const outside = await createActiveUser(request, { prefix: 'alert-outside' });
  const insideToken = await tokenOf(request, inside);
  const tenantId = (await api<{ tenant: { id: string } }>(request, 'users/info', {}, insideToken)).tenant.id;
  const plants = await api<PlantRef[]>(request, 'plant/list', { id: tenantId }, insideToken);
  const plant = plants.find((p) => p.thingName.startsWith('demo-')) ?? plants[0];
  expect(plant, 'a simulated plant of the demo organisation').toBeDefined();
  const { inside: open, outside: closed } = windows(plant.timezone);
  await saveWindow(request, insideToken, ...open);
  await saveWindow(request, await tokenOf(request, outside), ...closed);

  // Both are signed in before the fault, so the nav has its baseline and the alert is news. One stays
  // on the dashboard (its stream carries the active plant's shadow too), the other goes to a page that
  // shows no plant, where the tab's stream carries the alerts alone.
  const insidePage = await signedInPage(browser, inside);
  const outsidePage = await signedInPage(browser, outside);
  await goInApp(outsidePage, '/my-account');
  // The stream opened at sign-in keeps the landing page's plant for LANDING_WATCH_MS (15 s) before it
  // carries the alerts alone: the wait covers that and a loaded machine's delay on top.
  await expect.poll(() => latestLiveStream(outsidePage), { timeout: 40_000 }).toMatch(/\/api\/live\?alerts=true$/);
  const subject = `Helio EMS: ${INVERTER_FAULT_CS} – ${plant.name}`;
  expect(mailSubjectsTo(inside.email)).not.toContain(subject);

  try {
    const faultAt = Date.now();
    await setFaults(plant.thingName, { inverterFault: true });

    const arrivals = await Promise.all(
      [insidePage, outsidePage].map(async (page) => {
        const toast = page.locator('.bp6-toast', { hasText: `${plant.name}: ${INVERTER_FAULT_CS}` });
        await expect(toast).toBeVisible({ timeout: ARRIVES_WITHIN_MS });
        const toastMs = Date.now() - faultAt;
        await expect(page.getByTestId('nav-unread-badge')).toHaveText(/^[1-9]\d*\+?$/, { timeout: ARRIVES_WITHIN_MS });
        return { toastMs, badgeMs: Date.now() - faultAt };
      }),
    );
    for (const { toastMs, badgeMs } of arrivals) {
      expect(toastMs, 'the toast came with the live stream, not with the 30 s poll').toBeLessThan(LIVE_WITHIN_MS);
      expect(badgeMs, 'the badge came with the live stream, not with the 30 s poll').toBeLessThan(LIVE_WITHIN_MS);
    }
    for (const page of [insidePage, outsidePage]) await expectAlertInCentre(page, plant);

    // The mail was queued in the transaction that opened the alert: it is there by now, or never.
    expect(mailSubjectsTo(inside.email)).toContain(subject);
    expect(mailSubjectsTo(outside.email)).not.toContain(subject);
  } finally {
    await setFaults(plant.thingName, {});
  }

  // Cleared at the gateway, the alert ends: the centre shows its end instead of "ongoing".
  const row = alertRow(insidePage, plant);
  await expect(async () => {
    await insidePage.reload();
    await expect(row).toHaveCount(1);
    await expect(row.getByText(/Trvá|Ongoing/)).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  expect(mailSubjectsTo(outside.email)).not.toContain(subject);
});
