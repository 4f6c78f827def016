// Accessibility of every route of the console, signed in, in the light and the dark theme: axe-core
// finds no serious or critical violation, and each page has exactly one `main` landmark to skip to.
import type { Page } from '@playwright/test';
import { createActiveUser, goInApp } from './accounts';
import { signedInRoutes } from './routes';
import { seriousA11yViolations } from './shell-support';
import { expect, openSignedIn, test } from './support';

const ALL_MODULES = ['ems', 'rc', 'fep', 'ev', 'notifications', 'monitoring', 'management', 'integrations', 'analytics'];

/** A page has settled when no spinner is left (a page that keeps loading is judged as it stands). */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.querySelectorAll('.bp6-spinner, .bp6-skeleton').length === 0, undefined, { timeout: 5_000 })
    .catch(() => undefined);
}

async function sweep(page: Page, routes: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const route of routes) {
    await goInApp(page, route);
    await settle(page);
    const problems = await seriousA11yViolations(page);
    const mains = await page.getByRole('main').count();
    if (mains !== 1) problems.push(`${mains} main landmarks (want 1)`);
    if (problems.length > 0) found[route] = problems;
  }
  return found;
}

test.describe('accessibility of every route', () => {
  // The two sweeps stay in one worker, one after the other: run side by side (mode 'parallel') they
  // put two full axe sweeps beside jest's start, and ci-21's journeys took 1,132 s instead of ~660.
  test.describe.configure({ timeout: 240_000 });

  for (const theme of ['light', 'dark'] as const) {
    test(`signed in, ${theme} theme: no serious or critical axe violation and one main landmark on every page`, async ({
      page,
      request,
    }) => {
      const user = await createActiveUser(request, { prefix: `a11y-${theme}`, role: 'admin', modules: ALL_MODULES });
      await openSignedIn(page, '/', user);
      if (theme === 'dark') {
        await page.getByTestId('profile-button').click();
        await page.getByTestId('theme-dark').click();
        await expect(page.locator('html')).toHaveClass(/bp6-dark/);
        await page.keyboard.press('Escape');
      }
      expect(await sweep(page, await signedInRoutes(request))).toEqual({});
    });
  }

  test('signed out: the sign-in, forgot-password, set-new-password and not-found pages', async ({ page }) => {
    const found: Record<string, string[]> = {};
    for (const route of ['/auth/sign-in', '/auth/forgot-password', '/auth/set-new-password', '/no-such-page']) {
      await page.goto(route);
      await settle(page);
      const problems = await seriousA11yViolations(page);
      if ((await page.getByRole('main').count()) !== 1) problems.push('want exactly one main landmark');
      if (problems.length > 0) found[route] = problems;
    }
    expect(found).toEqual({});
  });

  test('the nav rail and panel work by keyboard alone, with a visible focus', async ({ page, request }) => {
    const user = await createActiveUser(request, { prefix: 'a11y-keys', role: 'admin', modules: ALL_MODULES });
    await openSignedIn(page, '/', user);
    await tabTo(page, '[data-testid="nav-entry-management"]');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/management$/);
    await tabTo(page, '[data-testid="nav-panel-items"] a[href="/management/tags"]');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/management\/tags$/);
  });
});

/** Presses Tab until the focused element matches `selector` (at most 60 times), checking it shows its focus. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) === true, selector)) {
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement as Element);
        return { outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px', shadow: style.boxShadow !== 'none' };
      });
      expect(ring.outline || ring.shadow, 'the focused element shows a focus ring').toBe(true);
      return;
    }
  }
  throw new Error('Tab never reached the wanted element');
}
