// EV sessions and charge plans: derives a year of one plant's charging sessions from the simulator's
// 5-minute history (demo-brno-01 with its 11 kW charger; EvConnected, power, grid and counter), once
// from memory (the derivation alone), once read from SQLite, and through ev/sessions' own code, whose
// first call keeps the settled sessions so later ones derive only the last days (target ≤ 200 ms);
// then a charge plan over 48 hours of 15-minute steps, alone and with its reads (target ≤ 50 ms).
// Run alone with `node bench/ev.js` after building the server and the simulator.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const dist = require('./dist-paths');
const { createDatabase } = require(dist.server('db'));
const { migrateToLatest } = require(dist.server('db/migrations'));
const { seedDemoData } = require(dist.server('demo/seed'));
const { simPlantConfig } = require(dist.server('iot/services'));
const { deriveSessions } = require(dist.server('ev/derive-sessions'));
const { loadSessionHistory, sessionList } = require(dist.server('ev/sessions'));
const { planCharge } = require(dist.server('ev/plan'));
const { planView } = require(dist.server('ev/plan-view'));
const { newPlantRun, plantHistory } = require(dist.simulator());
const { ms } = require('./stats');

const THING = 'demo-brno-01';
const DAY = 86_400_000;
const KEYS = { power: 'ActPwrEv', grid: 'ActPwrGrid', connected: 'EvConnected', energy: 'EnergyEvTotal' };

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timed(runs, fn) {
  const durations = [];
  let result;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = fn();
    durations.push(performance.now() - t);
  }
  return { median: median(durations), result };
}

async function timedAsync(runs, fn) {
  const durations = [];
  let result;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = await fn();
    durations.push(performance.now() - t);
  }
  return { median: median(durations), result };
}

async function benchEv({ log }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-ev-'));
  const db = await createDatabase(`sqlite://${path.join(dataDir, 'helio.db')}`);
  try {
    await migrateToLatest(db);
    await seedDemoData(db);
    const plant = await db.selectFrom('plants').selectAll().where('thing_name', '=', THING).executeTakeFirstOrThrow();
    const now = Date.now() - (Date.now() % 300_000);
    const from = now - 365 * DAY;
    const history = { power: [], grid: [], connected: [], energy: [] };
    const rows = [];
    for (const report of plantHistory(newPlantRun(simPlantConfig(plant)), from, now)) {
      for (const [series, key] of Object.entries(KEYS)) {
        const raw = report.reported[key];
        const value = typeof raw === 'boolean' ? (raw ? 1 : 0) : raw;
        history[series].push({ ts: report.ts, value });
        rows.push({ thing_name: THING, metric_key: key, ts: report.ts, value });
      }
    }
    for (let i = 0; i < rows.length; i += 5000)
      await db
        .insertInto('metric_samples')
        .values(rows.slice(i, i + 5000))
        .execute();
    const pricing = { tariffCzkKwh: 4.5, spot: [] };

    const alone = timed(7, () => deriveSessions(history, pricing, now));
    const withReads = await timedAsync(5, async () => deriveSessions(await loadSessionHistory(db, THING, from, now + 1), pricing, now));
    // ev/sessions itself: the first call derives the year and keeps the settled sessions; later calls
    // read those and derive only the last days.
    const spotConfig = { area: 'CZ', timeZone: 'Europe/Prague', demo: false, eurCzk: 25 };
    const firstCall = await timedAsync(1, () => sessionList(db, spotConfig, plant, from, now, now));
    const settledCalls = await timedAsync(7, () => sessionList(db, spotConfig, plant, from, now, now));
    const sessions = alone.result;
    const energy = sessions.reduce((sum, s) => sum + s.energyKwh, 0);

    const steps = Array.from({ length: 192 }, (_, i) => ({
      start: now + i * 900_000,
      surplusW: Math.max(0, 8000 * Math.sin(((i % 96) / 96) * Math.PI * 2 - Math.PI / 2)),
      priceCzkKwh: 2 + Math.sin(i / 7),
    }));
    const plan = timed(201, () => planCharge({ steps, stepMs: 900_000, neededKwh: 40, chargerW: 11_000 }));
    const charger = await db
      .selectFrom('devices')
      .select(['id', 'rated_power_kw'])
      .where('plant_id', '=', plant.id)
      .where('kind', '=', 'charger')
      .executeTakeFirstOrThrow();
    const spot = { area: 'CZ', timeZone: 'Europe/Prague', demo: true, eurCzk: 25 };
    const request = { deviceId: charger.id, targetKwh: 40, departure: new Date(Date.now() + 47 * 3_600_000).toISOString() };
    const planWithReads = await timedAsync(21, () => planView(db, spot, plant, charger, {}, request));

    return [
      `ev sessions: one year of ${THING} (${history.power.length.toLocaleString('en')} reports) → ${sessions.length} sessions, ${Math.round(energy)} kWh`,
      `  derivation alone       median ${ms(alone.median)} (target ≤ 200 ms)`,
      `  read from SQLite + derived median ${ms(withReads.median)} (${rows.length.toLocaleString('en')} samples)`,
      `  ev/sessions, a year: first call ${ms(firstCall.median)} (derives and keeps the settled sessions), then median ${ms(settledCalls.median)} (target ≤ 200 ms)`,
      `ev plan: 48 h of 15-minute steps, 40 kWh`,
      `  planning alone         median ${ms(plan.median)} (target ≤ 50 ms)`,
      `  with forecast and price reads median ${ms(planWithReads.median)} (target ≤ 50 ms)`,
    ];
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

module.exports = { benchEv };

if (require.main === module) {
  benchEv({ log: console.log })
    .then((rows) => rows.forEach((row) => console.log(row)))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
