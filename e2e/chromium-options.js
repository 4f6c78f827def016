// How the browser journeys and the benchmarks launch Debian's Chromium headless: one list of flags.
'use strict';

module.exports = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // Headless Chromium (156) keeps a WebUI omnibox popup (chrome://omnibox-popup.top-chrome/) in a
    // renderer of its own for every window, which no one sees and which spent 25–45 % of a core each
    // while a blank page sat idle: 1.6–2.3 s of CPU in 5 s, 0.13 s without it. In `npm test` Chromium
    // took 1,333 s of CPU for the 105 journeys (ci-24), more than jest (tools/chromium-options.test.js).
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
  ],
};
