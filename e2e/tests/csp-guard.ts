// Every journey runs under the console's Content-Security-Policy and fails when the page violates it:
// each browser context a test opens (the `context` fixture and any `browser.newContext()`) reports
// `securitypolicyviolation` events from every frame, and Chromium's console lines about the policy
// (which also cover what fires no event, such as a refused frame), into the test's list.
import { expect, test as base, type Browser, type BrowserContext } from '@playwright/test';
import { meterBrowserCpu } from './browser-cpu';

export interface CspFixtures {
  /** Violations seen so far in this test, in any page of any context it opened. */
  cspViolations: string[];
  /** Off only in a test that provokes violations on purpose and asserts them itself. */
  failOnCspViolation: boolean;
}

const BINDING = '__helioCspViolation';
const watched = new WeakSet<BrowserContext>();

async function watchCsp(context: BrowserContext, violations: string[]): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding(BINDING, (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '';
        const text = `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} in ${event.documentURI}${where} ${event.sample}`;
        const report = (window as unknown as Record<string, ((text: string) => Promise<void>) | undefined>)[binding];
        void report?.(text);
      },
      true,
    );
  }, BINDING);
  context.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
}

/** Watches the contexts a test makes itself for as long as the test runs. */
function watchNewContexts(browser: Browser, violations: string[]): () => void {
  const original = browser.newContext;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await original.apply(browser, args);
    await watchCsp(context, violations);
    return context;
  };
  return () => {
    browser.newContext = original;
  };
}

export const test = base.extend<CspFixtures & { cspGuard: void }>({
  failOnCspViolation: [true, { option: true }],
  // Playwright reads a fixture's dependencies from its first parameter: an empty pattern says "none".
  cspViolations: async ({}, use) => {
    await use([]);
  },
  context: async ({ context, cspViolations }, use) => {
    await watchCsp(context, cspViolations);
    await use(context);
  },
  cspGuard: [
    async ({ browser, cspViolations, failOnCspViolation }, use, testInfo) => {
      const restore = watchNewContexts(browser, cspViolations);
      const meterEnd = meterBrowserCpu(testInfo.file.replace(/.*\/tests\//, ''), testInfo.title);
      await use();
      meterEnd();
      restore();
      if (failOnCspViolation) expect(cspViolations, 'Content-Security-Policy violations in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
