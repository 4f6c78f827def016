// Helpers of the shell journeys: element sizes, axe-core injected into the page, and visible raw
// translation keys.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';

export const VIEWER = { email: 'viewer@helio.local', password: process.env.E2E_VIEWER_PASSWORD ?? 'Helio-viewer-2024!' };

/** Outer width in CSS pixels. */
export async function widthOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return Math.round(box?.width ?? 0);
}

/** Width of the content box (padding left out): the secondary panel's 220/64 px. */
export async function contentWidthOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    return Math.round(el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
  });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Runs axe-core in the page; answers the serious and critical violations, readable in a failure. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Contrast is judged on what is painted: let fades (the nav panel's 0.3 s after 0.5 s) finish first.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'),
  );
  const require = createRequire(__filename);
  // Evaluated by the test, not added as an inline <script>: the console's CSP refuses inline scripts
  // it did not ship, and the journeys fail on any violation. Once per page load: a sweep that moves
  // through the console's routes in one page reuses it (half a megabyte to compile each time).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context?: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Visible texts and labels that look like a translation key (`nav-app:menu.ems.label`, `a.b.c`):
 * what i18next shows when a key has no translation. Whole text nodes only, so e-mail addresses and
 * sentences do not count.
 */
export async function rawKeysOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const key = /^([a-z][a-z0-9-]*:)?[a-z][a-zA-Z0-9_]*(\.[a-zA-Z0-9_]+)+$/;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (parent && parent.closest('script, style, [hidden]') === null && key.test(text)) found.push(text);
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]'))) {
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = el.getAttribute(name)?.trim();
        if (value && key.test(value)) found.push(`${name}="${value}"`);
      }
    }
    return found;
  });
}
