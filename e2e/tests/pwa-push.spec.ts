// Push alerts end to end in Chromium, with web-push-testing as the push service (started here, on
// loopback): the browser's own pushManager.subscribe as far as headless Chromium goes, a subscription
// made at the push service registered for the user, a test message sent from the devices list by
// keyboard, and an inverter fault of a simulated plant reaching the device of the user whose schedule
// window is open and not the one whose window is closed. The service worker shows the message it is
// given (delivered through DevTools, as the push service would) and a click on it opens the alert's page.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import mqtt from 'mqtt';
import { E2E_BROKER_LOGIN, E2E_MQTT_URL } from '../playwright.config';
import { adminToken, createActiveUser, goInApp, signInAs, type TestUser } from './accounts';
import { expect, test } from './support';

test.use({ serviceWorkers: 'allow', permissions: ['notifications'] });

/** web-push-testing's port (this journey's own). */
const PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? 21904);
const PUSH_URL = `http://localhost:${PUSH_PORT}`;
const INVERTER_FAULT_CS = 'Porucha střídače';

interface PushServiceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}
interface PlantRef {
  id: string;
  name: string;
  thingName: string;
  timezone: string;
}

let pushService: ChildProcess;

/** What the journey uses of the service worker's global scope (evaluated inside the worker). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

test.beforeAll(async ({ request }) => {
  const server = path.join(__dirname, '..', '..', 'node_modules', 'web-push-testing', 'src', 'bin', 'server.js');
  pushService = spawn(process.execPath, [server, String(PUSH_PORT)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    pushService.stdout?.once('data', () => resolve());
    pushService.once('exit', (code) => reject(new Error(`web-push-testing exited with ${code}`)));
  });
  expect((await request.post(`${PUSH_URL}/status`)).status()).toBe(200);
});
test.afterAll(() => {
  pushService.kill();
});

async function api<T>(request: APIRequestContext, apiPath: string, body: unknown, token: string): Promise<T> {
  const response = await request.post(`/api/${apiPath}`, { data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${apiPath}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function tokenOf(request: APIRequestContext, user: TestUser): Promise<string> {
  const response = await request.post('/api/auth/sign-in', { data: { username: user.email, password: user.password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** A subscription made at the push service for the console's VAPID key, registered for the user as the page would. */
async function subscribeAtPushService(request: APIRequestContext, token: string, name: string): Promise<PushServiceSubscription> {
  const { publicKey } = await api<{ publicKey: string }>(request, 'notifications/push/key', {}, token);
  const made = await request.post(`${PUSH_URL}/subscribe`, { data: { userVisibleOnly: 'true', applicationServerKey: publicKey } });
  expect(made.status(), await made.text()).toBe(200);
  const subscription = ((await made.json()) as { data: PushServiceSubscription }).data;
  await api(
    request,
    'notifications/push/subscribe',
    { name, subscription: { endpoint: subscription.endpoint, keys: subscription.keys } },
    token,
  );
  return subscription;
}

/** The decrypted messages the push service took for the subscription. */
async function messagesOf(request: APIRequestContext, subscription: PushServiceSubscription): Promise<Array<Record<string, string>>> {
  const response = await request.post(`${PUSH_URL}/get-notifications`, { data: { clientHash: subscription.clientHash } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { messages: string[] } }).data.messages.map((m) => JSON.parse(m) as Record<string, string>);
}

async function saveWindow(request: APIRequestContext, token: string, from: string, to: string): Promise<void> {
  const days = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, enabled: true, from, to }));
  await api(request, 'notifications/settings/save', { period: 'allDays', enabled: true, days }, token);
}

/** A whole-day window, and one that cannot hold the next minutes on the plant's wall clock. */
function windows(timeZone: string): { inside: [string, string]; outside: [string, string] } {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  return { inside: ['00:00', '23:59'], outside: hour < 12 ? ['14:00', '23:00'] : ['01:00', '10:00'] };
}

async function setFaults(thingName: string, faults: { inverterFault?: boolean }): Promise<void> {
  const client = await mqtt.connectAsync(E2E_MQTT_URL, { clientId: `e2e-push-${Date.now()}`, ...E2E_BROKER_LOGIN, reconnectPeriod: 0 });
  try {
    const payload = Object.keys(faults).length === 0 ? '' : JSON.stringify(faults);
    await client.publishAsync(`helio/things/${thingName}/sim/faults`, payload, { qos: 1, retain: true });
  } finally {
    await client.endAsync();
  }
}

async function workerControls(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Hands the worker a push message through DevTools, as a push service's delivery would reach it. */
async function deliverToWorker(context: BrowserContext, page: Page, message: Record<string, string>): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => {
      const ours = event.registrations.find((r) => new URL(r.scopeURL).pathname === '/');
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registrations;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId, data: JSON.stringify(message) });
}

test('push alerts reach the subscribed device inside the schedule window and open the alert’s page', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  const tenantId = (await api<{ tenant: { id: string } }>(request, 'users/info', {}, admin)).tenant.id;
  const plants = await api<PlantRef[]>(request, 'plant/list', { id: tenantId }, admin);
  const plant = plants.find((p) => p.thingName.startsWith('demo-')) ?? plants[0];
  expect(plant, 'a simulated plant of the demo organisation').toBeDefined();
  // Both see this plant only: the plants other journeys add to this server raise alerts of their own
  // (a gateway that never connects is offline), which would reach a user of every plant (ci-25).
  const inside = await createActiveUser(request, { prefix: 'push-inside', plants: [plant.id] });
  const outside = await createActiveUser(request, { prefix: 'push-outside', plants: [plant.id] });
  const insideToken = await tokenOf(request, inside);
  const outsideToken = await tokenOf(request, outside);
  const { inside: open, outside: closed } = windows(plant.timezone);
  await saveWindow(request, insideToken, ...open);
  await saveWindow(request, outsideToken, ...closed);

  const context = await browser.newContext({ serviceWorkers: 'allow', permissions: ['notifications'] });
  const page = await context.newPage();
  await signInAs(page, inside);
  await workerControls(page);
  await goInApp(page, '/my-account/notifications');
  const section = page.getByTestId('push-devices');
  await expect(section.getByRole('heading', { name: 'Push notifikace' })).toBeVisible();

  // The browser's own subscription, with the console's key: headless Chromium has no push service of
  // its own (Google's, reached by the browser itself) to register with, and says so.
  const { publicKey } = await api<{ publicKey: string }>(request, 'notifications/push/key', {}, insideToken);
  const own = await page.evaluate(async (key) => {
    const bytes = Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const registration = await navigator.serviceWorker.ready;
    try {
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes });
      return { subscribed: subscription.endpoint };
    } catch (error) {
      return { refused: `${(error as Error).name}: ${(error as Error).message}` };
    }
  }, publicKey);
  expect(own).toEqual({ refused: expect.stringMatching(/^AbortError: Registration failed - /) });
  // the page's subscribe button meets the same refusal and says the device could not be subscribed
  await section.getByRole('button', { name: 'Přihlásit toto zařízení' }).click();
  await expect(page.locator('.bp6-toast', { hasText: 'Zařízení se nepodařilo přihlásit' })).toBeVisible();

  // A subscription made at the push service for the same key, as the page would register a browser's.
  const device = await subscribeAtPushService(request, insideToken, 'Telefon');
  const outsideDevice = await subscribeAtPushService(request, outsideToken, 'Telefon');
  await page.reload();
  const row = section.getByTestId('push-device').filter({ hasText: 'Telefon' });
  await expect(row).toContainText(`localhost:${PUSH_PORT}`);

  // rename and a test message, by keyboard
  await row.getByRole('button', { name: 'Přejmenovat' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Název zařízení' }).last().fill('Můj telefon');
  await page.keyboard.press('Enter');
  const renamed = section.getByTestId('push-device').filter({ hasText: 'Můj telefon' });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: 'Poslat zkušební' }).focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await messagesOf(request, device)).map((m) => m.title), { timeout: 20_000 })
    .toEqual(['Helio EMS: zkušební upozornění']);

  try {
    await setFaults(plant.thingName, { inverterFault: true });
    const alertTitle = `${plant.name}: ${INVERTER_FAULT_CS}`;
    await expect
      .poll(async () => (await messagesOf(request, device)).filter((m) => m.title === alertTitle), { timeout: 45_000 })
      .toEqual([expect.objectContaining({ url: `/notifications?plant=${encodeURIComponent(plant.id)}&state=open` })]);
    // the same alert, queued in the same transaction and sent in the same round: none for the closed window
    expect(await messagesOf(request, outsideDevice)).toEqual([]);
    // the list shows when a message last reached the push service
    await page.reload();
    await expect(section.getByTestId('push-device').filter({ hasText: 'Můj telefon' })).not.toContainText('Zatím žádná');

    // the worker shows the message it is given, and a click on it opens the alert's page
    const message = (await messagesOf(request, device)).find((m) => m.title === alertTitle) as Record<string, string>;
    await deliverToWorker(context, page, message);
    const [worker] = context.serviceWorkers();
    // The same bound as the push service's delivery above: beside a build (ci-36), the worker had
    // shown nothing after the default 15 s.
    await expect
      .poll(
        () => worker.evaluate(async () => (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => n.title)),
        {
          timeout: 45_000,
        },
      )
      .toContain(alertTitle);
    await worker.evaluate(async (title) => {
      const scope = self as unknown as WorkerScope;
      const [shown] = (await scope.registration.getNotifications()).filter((n) => n.title === title);
      // A click as the system reports it. Only the browser's own event may be extended (waitUntil
      // throws for this one), but the page is opened before that: what the click does is the same.
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown as Notification }));
    }, alertTitle);
    await expect(page).toHaveURL(new RegExp(`/notifications\\?plant=${plant.id}&state=open$`));
    await expect(page.locator('tr[data-testid^="alert-"]', { hasText: INVERTER_FAULT_CS })).toHaveCount(1);
  } finally {
    await setFaults(plant.thingName, {});
    await context.close();
  }
});
