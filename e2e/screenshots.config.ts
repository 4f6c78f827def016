// The phone screenshots (docs/screenshots/phone/): the journeys' config with one server and the
// screenshots folder, so `npm test` (e2e/tests only) never runs them. See docs/testing.md.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

process.env.E2E_WORKERS ??= '1';

export default defineConfig({
  ...base,
  testDir: './screenshots',
  workers: 1,
  webServer: Array.isArray(base.webServer) ? base.webServer.slice(0, 1) : base.webServer,
});
