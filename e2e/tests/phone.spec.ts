// The console on a phone (390 × 844) and a tablet (768 × 1024), touch: every signed-in route fits the screen's width (no page and no
// main area scrolls sideways; wide tables scroll inside their cards), the power-flow diagram of /flow and
// /ems shows every node whole, and its buttons are big enough for a finger (≥ 44 px).
import type { Page } from '@playwright/test';
import { goInApp } from './accounts';
import { signedInRoutes } from './routes';
import { expect, openSignedIn, test } from './support';

/** How far the page and the main area reach past the screen's width (0: they fit). */
function sidewaysOverflow(page: Page): Promise<{ page: number; main: number }> {
  return page.evaluate(() => {
    const main = document.getElementById('helio-main');
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  });
}

/** Flow nodes not wholly inside the diagram's canvas (cut off after load and fit), by their test id. */
function cutFlowNodes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.querySelector('.react-flow')?.getBoundingClientRect();
    if (!canvas) return ['no diagram'];
    return Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node'))
      .filter((node) => {
        const box = node.getBoundingClientRect();
        return box.left < canvas.left || box.right > canvas.right || box.top < canvas.top || box.bottom > canvas.bottom;
      })
      .map((node) => node.getAttribute('data-id') ?? node.outerHTML.slice(0, 60));
  });
}

/** Visible buttons of the page smaller than a finger (44 px), by their text or label. */
function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('#helio-main .bp6-button:not(.bp6-small)'))
      .filter((button) => {
        const box = button.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.width < 44 || box.height < 44);
      })
      .map((button) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim() || button.outerHTML.slice(0, 80)),
  );
}

for (const [device, width, height] of [
  ['a phone', 390, 844],
  ['a tablet', 768, 1024],
] as const) {
  test.describe(`on ${device}`, () => {
    test.use({ viewport: { width, height }, hasTouch: true, isMobile: true });

    test('no route scrolls sideways and every button is at least 44 px', async ({ page, request }) => {
      test.setTimeout(300_000);
      const paths = await signedInRoutes(request);
      await openSignedIn(page);
      const problems: string[] = [];
      for (const path of paths) {
        // moved to as a tap on the menu does, without reloading the console for each route
        await goInApp(page, path);
        await expect(page.locator('h1').first()).toBeVisible();
        // let charts and tables lay out; a page still loading is judged as it stands
        await page
          .waitForFunction(() => document.querySelectorAll('.bp6-spinner').length === 0, undefined, { timeout: 10_000 })
          .catch(() => undefined);
        const overflow = await sidewaysOverflow(page);
        if (overflow.page > 0 || overflow.main > 0) problems.push(`${path}: ${overflow.page} px page, ${overflow.main} px main`);
        if (path === '/flow' || path === '/ems') {
          // every node inside the canvas once the diagram has fitted them (it does so after measuring them)
          await expect(page.locator('.react-flow__node')).toHaveCount(5);
          await expect.poll(() => cutFlowNodes(page), { message: `${path}: flow nodes cut off` }).toEqual([]);
        }
        const small = await smallTouchTargets(page);
        if (small.length > 0) problems.push(`${path}: buttons under 44 px: ${small.slice(0, 5).join(' | ')}`);
      }
      expect(problems).toEqual([]);
    });
  });
}
