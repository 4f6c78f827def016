// The console under its Content-Security-Policy: the policy arrives with the page, code the page did
// not ship is refused (and the journeys' guard sees it), and no other site may frame the console.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, signIn, test } from './support';

test('the console page carries its policy and the console starts under it', async ({ page }) => {
  const response = await page.goto('/auth/sign-in');
  const csp = (await response?.headerValue('content-security-policy')) ?? '';
  // only the console's own origin and index.html's inline scripts, each by its hash
  expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+(;|$)/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  expect(await response?.headerValue('x-frame-options')).toBe('DENY');
  await signIn(page); // shell, import map, SystemJS, every core library and the dashboard's chunks
});

test.describe('code the console did not ship', () => {
  test.use({ failOnCspViolation: false });

  test('an injected inline script and eval are refused, reported to the server, and recorded by the guard', async ({
    page,
    cspViolations,
  }) => {
    await signIn(page);
    const reported = page.waitForResponse((response) => response.url().endsWith('/api/csp-reports'));
    const result = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.head.append(script);
      // eval from a task of the page's own: DevTools' evaluation itself is exempt from the policy
      return new Promise<{ injected: boolean; evaluated: string }>((resolve) =>
        setTimeout(() => {
          let evaluated = 'ran';
          try {
            window.eval('1 + 1');
          } catch (error) {
            evaluated = (error as Error).name;
          }
          resolve({ injected: (window as unknown as { __injected?: boolean }).__injected ?? false, evaluated });
        }, 0),
      );
    });
    expect(result).toEqual({ injected: false, evaluated: 'EvalError' });
    await expect.poll(() => cspViolations.join('\n')).toMatch(/script-src-elem refused inline/);
    await expect.poll(() => cspViolations.join('\n')).toMatch(/script-src refused eval/);
    const report = await reported;
    expect(report.status()).toBe(204);
    expect(report.request().headers()['content-type']).toBe('application/csp-report');
  });
});

test.describe('a page of another site that frames the console', () => {
  test.use({ failOnCspViolation: false });
  let framer: http.Server;
  let framerUrl = '';

  test.beforeAll(async ({ baseURL }) => {
    // Another origin on loopback: any free port, so it never meets another engineer's server.
    framer = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>framer</title><iframe id="console" src="${baseURL}/auth/sign-in" width="800" height="600"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    framerUrl = `http://127.0.0.1:${(framer.address() as AddressInfo).port}/`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => framer.close(resolve));
  });

  test('is refused by the browser: the console never loads inside it', async ({ page, baseURL, cspViolations }) => {
    const consoleAnswered = page.waitForResponse((response) => response.url() === `${baseURL}/auth/sign-in`);
    await page.goto(framerUrl);
    expect((await consoleAnswered).status()).toBe(200); // the server answered; the browser refused to show it
    await expect.poll(() => cspViolations.join('\n')).toMatch(/frame-ancestors 'none'/);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame?.url() ?? '').not.toContain(String(baseURL));
    await expect(page.frameLocator('#console').locator('#helio-auth')).toHaveCount(0);
  });
});
