// How the browser journeys and the benchmarks launch Debian's Chromium headless: one list of flags.
'use strict';

/**
 * What Playwright 1.65 disables itself (its chromiumSwitches): Chromium takes the last
 * `--disable-features` of its command line only, so ours must repeat them or they are lost
 * (tools/chromium-options.test.js compares with the list Playwright passes).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium (156) keeps a WebUI omnibox popup (chrome://omnibox-popup.top-chrome/) in a
 * renderer of its own for every window, which no one sees and which spent 25–45 % of a core each
 * while a blank page sat idle: 1.6–2.3 s of CPU in 5 s, 0.13 s without it. In `npm test` Chromium
 * took 1,333 s of CPU for the 105 journeys (ci-24), more than jest.
 */
const HIDDEN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

module.exports = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...HIDDEN_BROWSER_UI].join(',')}`,
  ],
};
