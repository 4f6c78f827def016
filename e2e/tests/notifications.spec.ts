// Journeys through the notification schedule screen (/my-account/notifications: the period, the
// master switch, a card per weekday, the 24-hour edit dialog) against the real server. Every test
// starts from the defaults, written through the API, because the demo admin's schedule persists in
// the e2e database from one test to the next.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, expect, openSignedIn, test } from './support';

const SCREEN = '/my-account/notifications';
const DAYS = [0, 1, 2, 3, 4, 5, 6];
const DEFAULTS = {
  period: 'allDays',
  enabled: false,
  days: DAYS.map((day) => ({ day, enabled: true, from: '08:00', to: '16:00' })),
};

/** Writes a schedule for the admin through its own API session (a separate cookie jar from the page). */
async function saveSchedule(request: APIRequestContext, settings: typeof DEFAULTS): Promise<void> {
  const signedIn = await request.post('/api/auth/sign-in', { data: { username: ADMIN.email, password: ADMIN.password } });
  expect(signedIn.ok()).toBe(true);
  const { idToken } = (await signedIn.json()) as { idToken: string };
  const saved = await request.post('/api/notifications/settings/save', {
    data: settings,
    headers: { Authorization: `Bearer ${idToken}` },
  });
  expect(saved.ok()).toBe(true);
}

async function openSchedule(page: Page, request: APIRequestContext, settings = DEFAULTS): Promise<void> {
  await saveSchedule(request, settings);
  await openSignedIn(page, SCREEN);
  await expect(page.getByTestId('day-card-6')).toBeVisible();
}

const card = (page: Page, day: number) => page.getByTestId(`day-card-${day}`);
const daySwitch = (page: Page, day: number) => card(page, day).locator('input[type="checkbox"]');
const masterSwitch = (page: Page) => page.locator('.helio-schedule__master input[type="checkbox"]');
const period = (page: Page, name: RegExp) => page.getByRole('radiogroup').getByRole('radio', { name });
const ALL_DAYS = /Všechny dny|All days/;
const WORKDAYS = /Pracovní dny|Workdays/;
const CUSTOM = /Vlastní|Custom/;
const dialog = (page: Page) => page.getByRole('dialog');

async function switchOn(control: Locator, label: Locator): Promise<void> {
  await label.click();
  await expect(control).toBeChecked();
}

async function turnMasterOn(page: Page): Promise<void> {
  await switchOn(masterSwitch(page), page.locator('.helio-schedule__master'));
}

async function expectTimes(page: Page, day: number, from: string, to: string): Promise<void> {
  await expect(page.getByTestId(`day-from-${day}`)).toHaveText(from);
  await expect(page.getByTestId(`day-to-${day}`)).toHaveText(to);
}

async function waitSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-state')).toHaveText(/Uloženo|Saved/);
}

test('a fresh schedule shows the defaults: all days, switched off, 08:00–16:00 on every card', async ({ page, request }) => {
  await openSchedule(page, request);
  await expect(masterSwitch(page)).not.toBeChecked();
  await expect(period(page, ALL_DAYS)).toHaveAttribute('aria-checked', 'true');
  for (const day of DAYS) {
    await expectTimes(page, day, '08:00', '16:00');
    await expect(daySwitch(page, day)).toBeChecked();
  }
});

test('with the master switch off the period selector is disabled and the cards are dimmed and inert', async ({ page, request }) => {
  await openSchedule(page, request);
  for (const name of [ALL_DAYS, WORKDAYS, CUSTOM]) await expect(period(page, name)).toBeDisabled();
  await expect(page.getByTestId('schedule-off')).toBeVisible();
  for (const day of DAYS) {
    await expect(card(page, day)).toHaveAttribute('aria-disabled', 'true');
    await expect(card(page, day)).toHaveClass(/helio-day-card--dimmed/);
    await expect(daySwitch(page, day)).toBeDisabled();
  }
  // the dimmed card takes no pointer events, and even a click dispatched on it opens nothing
  await expect(card(page, 2)).toHaveCSS('pointer-events', 'none');
  await card(page, 2).dispatchEvent('click');
  await card(page, 2).click({ force: true });
  await expect(dialog(page)).toHaveCount(0);
  await expect(masterSwitch(page)).not.toBeChecked();

  await turnMasterOn(page);
  await expect(period(page, WORKDAYS)).toBeEnabled();
  await expect(card(page, 2)).toHaveAttribute('aria-disabled', 'false');
  await expect(card(page, 2)).not.toHaveClass(/helio-day-card--dimmed/);
});

test('pressing a card that is off switches the day on and opens its dialog', async ({ page, request }) => {
  await openSchedule(page, request, {
    ...DEFAULTS,
    enabled: true,
    period: 'custom',
    days: DEFAULTS.days.map((d) => (d.day === 2 ? { ...d, enabled: false } : d)),
  });
  await expect(daySwitch(page, 2)).not.toBeChecked();
  await card(page, 2).locator('.helio-day-card__times').click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toContainText(/Středa|Wednesday/);
  await expect(daySwitch(page, 2)).toBeChecked();
});

test('the dialog requires both times, rejects an end before the start and stays open until valid', async ({ page, request }) => {
  await openSchedule(page, request);
  await turnMasterOn(page);
  await card(page, 0).locator('.helio-day-card__times').click();
  const from = dialog(page).locator('#schedule-from');
  const to = dialog(page).locator('#schedule-to');

  await from.fill('');
  await from.blur();
  await expect(dialog(page).getByTestId('schedule-from-error')).toHaveText(/Toto pole je povinné|This field is required/);
  await dialog(page).getByTestId('dialog-done').click();
  await expect(dialog(page)).toBeVisible();

  await from.fill('17:00');
  await to.fill('09:00');
  await to.blur();
  await expect(dialog(page).getByTestId('schedule-from-error')).toHaveCount(0);
  await expect(dialog(page).getByText(/Konec nesmí být dříve než začátek|The end must not be before the start/)).toBeVisible();
  await dialog(page).getByTestId('dialog-done').click();
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeVisible();
  await expectTimes(page, 0, '08:00', '16:00');

  await to.fill('19:00');
  await dialog(page).getByTestId('dialog-done').click();
  await expect(dialog(page)).toHaveCount(0);
  await expectTimes(page, 0, '17:00', '19:00');
});

test('new times of one day apply to every day while the period is not custom', async ({ page, request }) => {
  await openSchedule(page, request);
  await turnMasterOn(page);
  await card(page, 3).locator('.helio-day-card__times').click();
  await dialog(page).locator('#schedule-from').fill('07:30');
  await dialog(page).locator('#schedule-to').fill('18:15');
  await dialog(page).getByTestId('dialog-done').click();
  await expect(dialog(page)).toHaveCount(0);
  for (const day of DAYS) await expectTimes(page, day, '07:30', '18:15');
});

test('workdays switches on only Monday to Friday, and all days switches every day on again', async ({ page, request }) => {
  await openSchedule(page, request);
  await turnMasterOn(page);
  await period(page, WORKDAYS).click();
  await expect(period(page, WORKDAYS)).toHaveAttribute('aria-checked', 'true');
  for (const day of [0, 1, 2, 3, 4]) await expect(daySwitch(page, day)).toBeChecked();
  for (const day of [5, 6]) await expect(daySwitch(page, day)).not.toBeChecked();
  await period(page, ALL_DAYS).click();
  for (const day of DAYS) await expect(daySwitch(page, day)).toBeChecked();
});

test('toggling a single day switches the period to custom', async ({ page, request }) => {
  await openSchedule(page, request);
  await turnMasterOn(page);
  await card(page, 4).locator('.helio-day-card__switch').click();
  await expect(daySwitch(page, 4)).not.toBeChecked();
  await expect(period(page, CUSTOM)).toHaveAttribute('aria-checked', 'true');
  await expect(period(page, ALL_DAYS)).toHaveAttribute('aria-checked', 'false');
  await expect(dialog(page)).toHaveCount(0);
});

test('the saved schedule survives a reload', async ({ page, request }) => {
  await openSchedule(page, request);
  await turnMasterOn(page);
  await period(page, WORKDAYS).click();
  await card(page, 1).locator('.helio-day-card__times').click();
  await dialog(page).locator('#schedule-from').fill('06:00');
  await dialog(page).locator('#schedule-to').fill('20:00');
  await dialog(page).getByTestId('dialog-done').click();
  await card(page, 6).locator('.helio-day-card__switch').click();
  await waitSaved(page);

  await page.reload();
  await expect(masterSwitch(page)).toBeChecked();
  await expect(period(page, CUSTOM)).toHaveAttribute('aria-checked', 'true');
  for (const day of DAYS) await expectTimes(page, day, '06:00', '20:00');
  for (const day of [0, 1, 2, 3, 4, 6]) await expect(daySwitch(page, day)).toBeChecked();
  await expect(daySwitch(page, 5)).not.toBeChecked();
});

test('the nav polls the unread count of a user with the notifications module and badges it only when unread', async ({ page }) => {
  const counted = page.waitForResponse((r) => r.url().endsWith('/api/notifications/alerts/unread-count'));
  await openSignedIn(page);
  const response = await counted;
  expect(response.status()).toBe(200);
  const { count } = (await response.json()) as { count: number };
  const badge = page.getByTestId('nav-unread-badge');
  if (count === 0) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText(count > 99 ? '99+' : String(count));
});
