// The plants table at fleet size: a tenant with 1,000 plants (seeded straight into a throwaway SQLite
// data dir: 70 % reporting, tags, today's production), the p50 of the calls the table, the fleet
// dashboard and every page's plant switcher make (bench/fleet-calls.js), and in headless Debian
// Chromium the time to render /management/plants and to apply a filter.
'use strict';
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('@playwright/test');
const chromiumOptions = require('../e2e/chromium-options');
const dist = require('./dist-paths');
const { createDatabase } = require(dist.server('db'));
const { migrateToLatest } = require(dist.server('db/migrations'));
const { seedDemoData } = require(dist.server('demo/seed'));
const { ShadowStore } = require(dist.server('iot/shadows/shadow-store'));
const { plantListingColumns } = require(dist.server('plants/listing-columns'));
const { summary, ms } = require('./stats');
const { withFleetServer } = require('./fleet-server');
const { fleetCallFigures } = require('./fleet-calls');

const PLANTS = Number(process.env.BENCH_FLEET_PLANTS ?? 1000);
const TAGS = ['Střecha', 'Farma', 'Sever', 'Jih', 'Servis 2026', 'Baterie', 'Hala', 'Pilot'];
const CALLS = 100;
const RENDERS = 5;

async function seedFleet(databaseUrl) {
  const db = await createDatabase(databaseUrl);
  await migrateToLatest(db);
  await seedDemoData(db);
  const tenant = await db.selectFrom('tenants').select('id').where('name', '=', 'Helio Demo').executeTakeFirstOrThrow();
  const template = await db.selectFrom('plants').selectAll().where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow();
  const { id: _id, version: _v, ...base } = template;
  const plants = Array.from({ length: PLANTS - 3 }, (_, i) => ({
    ...base,
    id: randomUUID(),
    name: `Flotila ${String(i + 1).padStart(4, '0')}`,
    ...plantListingColumns({ name: `Flotila ${String(i + 1).padStart(4, '0')}`, location: base.location }),
    thing_name: `fleet-${String(i + 1).padStart(4, '0')}`,
    pv_peak_kw: 5 + (i % 50),
    battery_kwh: i % 4 === 0 ? null : 10,
    created_at: new Date().toISOString(),
  }));
  for (let i = 0; i < plants.length; i += 200)
    await db
      .insertInto('plants')
      .values(plants.slice(i, i + 200))
      .execute();
  const tags = TAGS.map((name, i) => ({
    id: randomUUID(),
    tenant_id: tenant.id,
    name,
    name_key: name.toLocaleLowerCase('cs'),
    colour: ['blue', 'green', 'orange', 'red', 'violet', 'gold', 'forest', 'gray'][i],
    created_at: new Date().toISOString(),
    updated_at: null,
  }));
  await db.insertInto('tags').values(tags).execute();
  const assignments = plants.flatMap((p, i) => [
    { plant_id: p.id, tag_id: tags[i % TAGS.length].id },
    ...(i % 3 === 0 ? [{ plant_id: p.id, tag_id: tags[(i + 1) % TAGS.length].id }] : []),
  ]);
  for (let i = 0; i < assignments.length; i += 400)
    await db
      .insertInto('plant_tags')
      .values(assignments.slice(i, i + 400))
      .execute();
  // 70 % of the plants reported in the last minutes (online, with production today); the rest never did.
  const store = new ShadowStore(db);
  const now = Date.now();
  const reporting = plants.filter((_, i) => i % 10 < 7);
  for (const p of reporting) {
    await store.applyReportedHistory(p.thing_name, [
      { ts: now - 120_000, reported: { ActPwrPve: 3000, BatSoc: 50 } },
      { ts: now - 60_000, reported: { ActPwrPve: 3200, BatSoc: 51 } },
    ]);
  }
  await db.destroy();
  return { tagName: TAGS[0], reporting: reporting.length };
}

async function browserFigures(base, admin, tagName, plants = PLANTS, loads = RENDERS) {
  const browser = await chromium.launch({ headless: true, executablePath: chromiumOptions.executablePath, args: chromiumOptions.args });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/auth/sign-in`);
    await page.getByLabel(/e-mail/i).fill(admin.email);
    await page
      .getByLabel(/heslo|password/i)
      .first()
      .fill(admin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/$/);
    const renders = [];
    const navigations = [];
    const filters = [];
    // The pager says "1–25 of 1,000" in the page's language and number format.
    const everyPlant = (text) => text.replace(/\D/g, '').endsWith(String(plants));
    const pagerText = () => page.getByTestId('plants-pager').locator('span').first().innerText();
    for (let i = 0; i < loads; i++) {
      // A full load of the route, as a bookmark or a reload opens it: shell, session, data, first page.
      const t = performance.now();
      await page.goto(`${base}/management/plants`);
      await page.locator('[data-testid="plant-tags"] [data-testid="tag-chip"]').first().waitFor();
      if (!everyPlant(await pagerText())) throw new Error(`the table shows ${await pagerText()}, not all ${plants} plants`);
      renders.push(performance.now() - t);
      // Timed inside the page, from the change event to the first frame that shows the filtered page
      // (the server answers it), so the figure is the table's work and not the automation's round trips.
      const value = await page.getByTestId('plants-tag').locator('option', { hasText: tagName }).getAttribute('value');
      const filtered = await page.evaluate(
        ({ tagId, total }) => {
          const select = document.querySelector('select[data-testid="plants-tag"]');
          const pager = () => document.querySelector('[data-testid="plants-pager"] span')?.textContent ?? '';
          const started = performance.now();
          Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(select, tagId);
          select.dispatchEvent(new Event('change', { bubbles: true }));
          return new Promise((resolve, reject) => {
            const shown = () => {
              if (!pager().replace(/\D/g, '').endsWith(String(total))) resolve({ ms: performance.now() - started, pager: pager() });
              else if (performance.now() - started > 30_000) reject(new Error(`the tag filter left the table at ${pager()}`));
              else requestAnimationFrame(shown);
            };
            requestAnimationFrame(shown);
          });
        },
        { tagId: value, total: plants },
      );
      filters.push(filtered.ms);
      // Within the running console: from the fleet dashboard to the table (its data cached, refreshed).
      await page.evaluate(() => {
        window.history.pushState({}, '', '/management');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByTestId('fleet-plants').waitFor();
      navigations.push(
        await page.evaluate(
          () =>
            new Promise((resolve) => {
              const started = performance.now();
              window.history.pushState({}, '', '/management/plants');
              window.dispatchEvent(new PopStateEvent('popstate'));
              const shown = () =>
                document.querySelector('[data-testid="plant-tags"] [data-testid="tag-chip"]')
                  ? resolve(performance.now() - started)
                  : requestAnimationFrame(shown);
              requestAnimationFrame(shown);
            }),
        ),
      );
    }
    return { render: summary(renders), navigation: summary(navigations), filter: summary(filters) };
  } finally {
    await browser.close();
  }
}

/** Runs on its own server process (the given ports, free again after the main benchmarks) and data dir. */
async function benchPlantsTable({ port, mqttPort, log }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-fleet-'));
  const databaseUrl = `sqlite://${path.join(dataDir, 'helio.db')}`;
  log('');
  log(`Plants table: a tenant with ${PLANTS} plants, ${TAGS.length} tags…`);
  const seeded = await seedFleet(databaseUrl);
  try {
    return await withFleetServer({ port, mqttPort, dataDir, databaseUrl }, async ({ base, admin, idToken }) => {
      const calls = await fleetCallFigures({ base, idToken, calls: CALLS, tagName: seeded.tagName, log });
      const browser = await browserFigures(base, admin, seeded.tagName);
      log(
        `  /management/plants rendered (first page, tags, status): p50 ${ms(browser.render.p50)}, max ${ms(browser.render.max)} (${browser.render.n} renders)`,
      );
      log(
        `  /management to /management/plants in the running console: p50 ${ms(browser.navigation.p50)}, max ${ms(browser.navigation.max)} (${browser.navigation.n} navigations)`,
      );
      log(
        `  tag filter applied (change event to the filtered page shown): p50 ${ms(browser.filter.p50)}, max ${ms(browser.filter.max)} (${browser.filter.n} filters)`,
      );
      return [
        ...calls.rows,
        `| plants table render in Chromium, ${PLANTS} plants | p50 ${ms(browser.render.p50)} | — |`,
        `| plants table after in-console navigation | p50 ${ms(browser.navigation.p50)} | — |`,
        `| plants table tag filter in Chromium | p50 ${ms(browser.filter.p50)} | — |`,
      ];
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

module.exports = { benchPlantsTable, seedFleet, browserFigures };

if (require.main === module) {
  benchPlantsTable({
    port: Number(process.env.BENCH_PORT ?? 18500),
    mqttPort: Number(process.env.BENCH_MQTT_PORT ?? 18851),
    log: (line) => process.stdout.write(`${line}\n`),
  })
    .then((rows) => rows.forEach((row) => process.stdout.write(`${row}\n`)))
    .catch((error) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exit(1);
    });
}
