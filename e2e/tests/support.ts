import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@helio.local', password: process.env.E2E_ADMIN_PASSWORD ?? 'Helio-admin-2024!' };
/** The owner of the second demo organisation (Other Energy s.r.o.). */
export const OTHER = { email: 'other@other-energy.local', password: process.env.E2E_OTHER_PASSWORD ?? 'Helio-other-2024!' };

/** Records every URL the single-spa shell moves through (pushState/replaceState are not navigations). */
export async function recordUrls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __urls: string[] };
    w.__urls = [location.pathname];
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        original(data, unused, url);
        w.__urls.push(location.pathname);
      };
    }
  });
}

export async function visitedUrls(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __urls: string[] }).__urls);
}

export async function signIn(page: Page, user = ADMIN): Promise<void> {
  await page.goto('/auth/sign-in');
  await page.getByLabel(/e-mail/i).fill(user.email);
  await page
    .getByLabel(/heslo|password/i)
    .first()
    .fill(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Opens `path` signed in as `user`, for the journeys that are not about signing in: the sign-in goes
 * through the API (its refresh cookie lands in the page's context), and the page's first load restores
 * the session from it as a reload does. It saves the form's steps, not CPU worth the name: a page load
 * costs the same either way (bench/RESULTS.md, 2026-11-29 afternoon); the sign-in page has journeys of its own.
 */
export async function openSignedIn(page: Page, path = '/', user = ADMIN): Promise<void> {
  const answer = await page.request.post('/api/auth/sign-in', { data: { username: user.email, password: user.password } });
  expect(answer.status(), `sign-in of ${user.email}: ${await answer.text()}`).toBe(200);
  // The mark a sign-in in the page leaves (SIGNED_IN_MARK_KEY): without it the console does not ask for
  // a session. Written from a same-origin document the size of a health answer, once, so that a journey
  // which signs out meets a signed-out console afterwards.
  await page.goto('/api/health');
  await page.evaluate(() => localStorage.setItem('helio.signedIn', '1'));
  await page.goto(path);
}

/**
 * Makes this plant the active one on every page load from now on. Written before signing in, not after:
 * the page signed in on resolves its own active plant and stores it, and an id written meanwhile was
 * overwritten before the next load (the remote-control journey opened Brno instead of Olomouc on CI).
 */
export async function rememberPlant(page: Page, plantId: string): Promise<void> {
  await page.addInitScript((id) => localStorage.setItem('site', id), plantId);
}

/** The journeys' `test`: fails on any Content-Security-Policy violation in the page (csp-guard.ts). */
export { expect, test } from './csp-guard';
