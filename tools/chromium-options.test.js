// The journeys' and benchmarks' Chromium runs no hidden browser UI: headless Chromium 156 kept a WebUI
// omnibox popup renderer per window that spent a quarter of a core or more while nothing happened,
// most of the journeys' CPU (e2e/chromium-options.js). A Chromium that renames the feature fails here.
const { chromium } = require('playwright-core');
const chromiumOptions = require('../e2e/chromium-options');

describe('the Chromium the journeys launch', () => {
  it('opens a page without any browser-UI renderer (chrome://…top-chrome/) beside it', async () => {
    const browser = await chromium.launch({ ...chromiumOptions, headless: true });
    try {
      const context = await browser.newContext();
      await context.newPage();
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
      const urls = targetInfos.map((target) => target.url);
      expect(urls).toContain('about:blank');
      expect(urls.filter((url) => url.includes('top-chrome'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
