// A PNG of every signed-in route at phone size (390 × 844, touch), signed in as the demo admin in
// Czech, saved to docs/screenshots/phone/<route>.png: the viewport only (what the phone shows), so each
// stays small. Not a journey (no assertion beyond the page having loaded): run it by hand, see
// docs/testing.md.
import path from 'node:path';
import { signedInRoutes } from '../tests/routes';
import { expect, signIn, test } from '../tests/support';

const OUT = path.join(__dirname, '..', '..', 'docs', 'screenshots', 'phone');

/** `/management/plants/<id>?tab=devices` → `management-plants-detail-devices`: a stable name without ids. */
export function screenshotName(route: string): string {
  const [pathPart, query] = route.split('?');
  const named = (pathPart as string)
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^[0-9a-f-]{36}$/.test(segment) ? 'detail' : segment))
    .join('-');
  const tab = new URLSearchParams(query ?? '').get('tab');
  return [named || 'home', tab].filter(Boolean).join('-');
}

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'cs-CZ' });

test('every route at phone size', async ({ page, request }) => {
  test.setTimeout(600_000);
  const routes = await signedInRoutes(request);
  await signIn(page);
  for (const route of routes) {
    await page.goto(route);
    await expect(page.locator('h1').first()).toBeVisible();
    // charts and tables laid out, figures in: the page as a user sees it once loaded
    await page
      .waitForFunction(() => document.querySelectorAll('.bp6-spinner, .bp6-skeleton').length === 0, undefined, { timeout: 15_000 })
      .catch(() => undefined);
    await page.screenshot({ path: path.join(OUT, `${screenshotName(route)}.png`), fullPage: false, animations: 'disabled' });
  }
});
