// Remote control at fleet size and in the browser, on its own server process and throwaway SQLite data
// dir (the fleet seed of bench/plants-table.js, 1,000 plants, plus one tag on every plant):
// - a fleet command (rc/fleet/apply, an export limit) to all 1,000 plants in one request: the server's
//   own time (serverMs of the answer) and the wall time, 5 runs;
// - in headless Debian Chromium on /rc, the round trip of one change: from pressing "Send" in the
//   confirmation to the control showing the new desired value "in sync", while this script plays the
//   plant's gateway and answers each delta at once (as the simulator does). 10 changes.
// `node bench/remote-control.js` runs it alone (after `npm run build`).
'use strict';
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const mqtt = require('mqtt');
const { chromium } = require('@playwright/test');
const chromiumOptions = require('../e2e/chromium-options');
const dist = require('./dist-paths');
const { createDatabase } = require(dist.server('db'));
const { DEMO_ACCOUNTS } = require(dist.server('demo/demo-data'));
const { seedFleet } = require('./plants-table');
const { summary, ms } = require('./stats');
const { post, signInPage, startBenchServer } = require('./bench-server');

const FLEET_RUNS = 5;
const ROUND_TRIPS = Number(process.env.BENCH_RC_ROUND_TRIPS ?? 10);
const THING = 'demo-brno-01';

/** One tag on every plant of the demo tenant: the fleet command's target. */
async function tagEveryPlant(databaseUrl) {
  const db = await createDatabase(databaseUrl);
  try {
    const tenant = await db.selectFrom('tenants').select('id').where('name', '=', 'Helio Demo').executeTakeFirstOrThrow();
    const tagId = randomUUID();
    await db
      .insertInto('tags')
      .values({
        id: tagId,
        tenant_id: tenant.id,
        name: 'RC fleet',
        name_key: 'rc fleet',
        colour: 'blue',
        created_at: new Date().toISOString(),
        updated_at: null,
      })
      .execute();
    const plants = await db.selectFrom('plants').select('id').where('tenant_id', '=', tenant.id).execute();
    const rows = plants.map((p) => ({ plant_id: p.id, tag_id: tagId }));
    for (let i = 0; i < rows.length; i += 400)
      await db
        .insertInto('plant_tags')
        .values(rows.slice(i, i + 400))
        .execute();
    const brno = await db.selectFrom('plants').select('id').where('thing_name', '=', THING).executeTakeFirstOrThrow();
    return { tagId, plantIds: plants.map((p) => p.id), brnoId: brno.id };
  } finally {
    await db.destroy();
  }
}

/** Plays the plant's gateway with its own login: reports its settings and answers every delta at once. */
async function playGateway({ base, mqttUrl, token, plantId }) {
  const { username, password } = await post(base, 'plant/gateway/credentials/rotate', { id: plantId }, token);
  const client = await mqtt.connectAsync(mqttUrl, { clientId: username, username, password, reconnectPeriod: 0, clean: true });
  const settings = {
    ExportLimit: 7000,
    OperMode: 'self-consumption',
    ActPwrPve: 3000,
    ActPwrGrid: -500,
    ActPwrLoad: 2500,
    ActPwrBat: 0,
    BatSoc: 50,
  };
  const report = () =>
    client.publishAsync(`helio/things/${THING}/shadow/reported`, JSON.stringify({ state: { reported: settings }, timestamp: Date.now() }), {
      qos: 1,
    });
  client.on('message', (_topic, payload) => {
    if (payload.length === 0) return;
    const { state } = JSON.parse(payload.toString());
    Object.assign(settings, state);
    report().catch(() => undefined);
  });
  await client.subscribeAsync(`helio/things/${THING}/shadow/delta`, { qos: 1 });
  await client.publishAsync(`helio/things/${THING}/status`, JSON.stringify({ online: true, since: Date.now() }), { qos: 1, retain: true });
  await report();
  return { stop: () => client.endAsync() };
}

async function roundTrips(base, admin, plantId) {
  const browser = await chromium.launch({ headless: true, executablePath: chromiumOptions.executablePath, args: chromiumOptions.args });
  try {
    const page = await browser.newPage();
    await signInPage(page, base, admin);
    await page.evaluate((id) => localStorage.setItem('site', id), plantId);
    await page.goto(`${base}/rc`);
    await page.getByTestId('rc-ExportLimit-input').waitFor();
    await page.locator('[data-testid="rc-state-ExportLimit"][data-state="inSync"]').waitFor();
    const durations = [];
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const value = 5000 + i * 10;
      await page.getByTestId('rc-ExportLimit-input').fill(String(value));
      await page.getByTestId('rc-ExportLimit-apply').click();
      await page.getByTestId('rc-confirm-send').waitFor();
      // Timed inside the page: from the press to the frame showing the new desired value in sync.
      const elapsed = await page.evaluate(
        (digits) =>
          new Promise((resolve, reject) => {
            const desired = () => (document.querySelector('[data-testid="rc-desired-ExportLimit"]')?.textContent ?? '').replace(/\D/g, '');
            const state = () => document.querySelector('[data-testid="rc-state-ExportLimit"]')?.getAttribute('data-state');
            const started = performance.now();
            document.querySelector('[data-testid="rc-confirm-send"]').click();
            const check = () => {
              if (desired() === digits && state() === 'inSync') return resolve(performance.now() - started);
              if (performance.now() - started > 10_000) return reject(new Error(`not in sync within 10 s (${desired()}, ${state()})`));
              requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }),
        String(value),
      );
      durations.push(elapsed);
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }
    return summary(durations);
  } finally {
    await browser.close();
  }
}

async function benchRemoteControl({ port, mqttPort, log }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-rc-'));
  const databaseUrl = `sqlite://${path.join(dataDir, 'helio.db')}`;
  log('');
  log('Remote control: 1,000 plants with one tag; a fleet command to all, and a change round trip in Chromium…');
  await seedFleet(databaseUrl);
  const seeded = await tagEveryPlant(databaseUrl);
  const { base, stop } = await startBenchServer({ port, mqttPort, dataDir, databaseUrl });
  let gateway;
  try {
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'owner');
    const { idToken } = await post(base, 'auth/sign-in', { username: admin.email, password: admin.password });

    const serverTimes = [];
    const wallTimes = [];
    for (let run = 0; run < FLEET_RUNS; run++) {
      const t = performance.now();
      const answer = await post(
        base,
        'rc/fleet/apply',
        { tagId: seeded.tagId, plantIds: seeded.plantIds, key: 'ExportLimit', value: 4000 + run },
        idToken,
      );
      wallTimes.push(performance.now() - t);
      serverTimes.push(answer.serverMs);
      if (answer.results.length !== seeded.plantIds.length)
        throw new Error(`the fleet command answered ${answer.results.length} of ${seeded.plantIds.length} plants`);
    }
    const fleetServer = summary(serverTimes);
    const fleetWall = summary(wallTimes);
    log(
      `  rc/fleet/apply to ${seeded.plantIds.length} plants: server p50 ${ms(fleetServer.p50)}, max ${ms(fleetServer.max)}; wall p50 ${ms(fleetWall.p50)} (${fleetServer.n} runs)`,
    );

    gateway = await playGateway({ base, mqttUrl: `mqtt://127.0.0.1:${mqttPort}`, token: idToken, plantId: seeded.brnoId });
    const trip = await roundTrips(base, admin, seeded.brnoId);
    log(`  desired write to "in sync" on /rc: p50 ${ms(trip.p50)}, max ${ms(trip.max)} (${trip.n} changes)`);
    return [
      `| rc/fleet/apply, ${seeded.plantIds.length} plants, server time | p50 ${ms(fleetServer.p50)} (wall ${ms(fleetWall.p50)}) | ≤ 5 s |`,
      `| /rc change: Send to "in sync" on the page | p50 ${ms(trip.p50)}, max ${ms(trip.max)} | p50 ≤ 300 ms |`,
    ];
  } finally {
    await gateway?.stop().catch(() => undefined);
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

module.exports = { benchRemoteControl };

if (require.main === module) {
  benchRemoteControl({
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
