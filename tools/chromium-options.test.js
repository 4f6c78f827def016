// The journeys' and benchmarks' Chromium runs no hidden browser UI: headless Chromium 156 kept a WebUI
// omnibox popup renderer per window that spent a quarter of a core or more while nothing happened,
// most of the journeys' CPU (e2e/chromium-options.js). A Chromium that renames the feature fails here.
const fs = require('node:fs');
const { chromium } = require('playwright-core');
const chromiumOptions = require('../e2e/chromium-options');

async function withBrowser(use) {
  const browser = await chromium.launch({ ...chromiumOptions, headless: true });
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}

describe('the Chromium the journeys launch', () => {
  it('opens a page without any browser-UI renderer (chrome://…top-chrome/) beside it', async () => {
    await withBrowser(async (browser) => {
      const context = await browser.newContext();
      await context.newPage();
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
      const urls = targetInfos.map((target) => target.url);
      expect(urls).toContain('about:blank');
      expect(urls.filter((url) => url.includes('top-chrome'))).toEqual([]);
    });
  });

  it('keeps every feature Playwright disables: Chromium reads only the last --disable-features', async () => {
    // the browser process's own command line, as the kernel holds it (this process is its parent)
    const args = await withBrowser(async () => {
      const pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
      const parentOf = (pid) => Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      const browserPid = pids.find((pid) => {
        try {
          return parentOf(pid) === process.pid && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--remote-debugging-pipe');
        } catch {
          return false; // gone meanwhile
        }
      });
      return fs.readFileSync(`/proc/${browserPid}/cmdline`, 'utf8').split('\0');
    });
    const lists = args.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.split('=')[1].split(','));
    expect(lists.length).toBeGreaterThan(1); // Playwright's own, then ours
    const [playwrights, effective] = [lists[0], lists[lists.length - 1]];
    expect(playwrights).toContain('PaintHolding');
    expect(playwrights.filter((feature) => !effective.includes(feature))).toEqual([]);
    expect(effective).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup']));
  });
});
