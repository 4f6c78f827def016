// Forecasting at fleet size: 1,000 plants (BENCH_FORECAST_PLANTS) with 14 days of hourly PV and load
// history each (the simulator's demo-brno-01 history, scaled to each plant's peak, written as hour
// roll-ups into a throwaway SQLite data dir). Measures, in-process on the built server code, the first
// issue run (every plant's forecast plus the 7 reconstructed day-before forecasts of a plant without
// any) and an hourly run (target ≤ 10 s for 1,000 plants); then, on the built server, the p50 of the
// two calls /fep makes (forecast/get, forecast/accuracy; target p50 ≤ 50 ms).
'use strict';
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const dist = require('./dist-paths');
const { createDatabase } = require(dist.server('db'));
const { migrateToLatest } = require(dist.server('db/migrations'));
const { seedDemoData } = require(dist.server('demo/seed'));
const { issueForecasts } = require(dist.server('forecast/issue'));
const { loadForecastConfig } = require(dist.server('forecast/forecast-config'));
const { simPlantConfig } = require(dist.server('iot/services'));
const { newPlantRun, plantHistory } = require(dist.simulator());
const { ms } = require('./stats');
const { post, p50Of, withFleetServer } = require('./fleet-server');

const PLANTS = Number(process.env.BENCH_FORECAST_PLANTS ?? 1000);
const DAYS = 14;
const CALLS = 100;
const HOUR = 3_600_000;

/** Hour roll-up rows of a simulated plant (value_sum / sample_count = the hour's mean power). */
function templateHours(plant, now) {
  const to = now - (now % HOUR);
  const sums = new Map();
  const run = newPlantRun(simPlantConfig(plant));
  for (const report of plantHistory(run, to - DAYS * 24 * HOUR, to)) {
    const bucket = Math.floor((report.ts - 1) / HOUR) * HOUR;
    for (const key of ['ActPwrPve', 'ActPwrLoad']) {
      const id = `${key}|${bucket}`;
      const value = report.reported[key];
      const row = sums.get(id) ?? {
        metric_key: key,
        bucket,
        value_sum: 0,
        sample_count: 0,
        value_min: value,
        value_max: value,
        last_ts: report.ts,
        last_value: value,
        energy_wh: 0,
      };
      row.value_sum += value;
      row.sample_count += 1;
      row.value_min = Math.min(row.value_min, value);
      row.value_max = Math.max(row.value_max, value);
      row.last_ts = report.ts;
      row.last_value = value;
      row.energy_wh += value / 12;
      sums.set(id, row);
    }
  }
  return [...sums.values()];
}

async function seedForecastFleet(databaseUrl, now) {
  const db = await createDatabase(databaseUrl);
  await migrateToLatest(db);
  await seedDemoData(db);
  const tenant = await db.selectFrom('tenants').select('id').where('name', '=', 'Helio Demo').executeTakeFirstOrThrow();
  const template = await db.selectFrom('plants').selectAll().where('thing_name', '=', 'demo-brno-01').executeTakeFirstOrThrow();
  const { id: _id, version: _v, ...base } = template;
  const extra = Array.from({ length: PLANTS - 4 }, (_, i) => ({
    ...base,
    id: randomUUID(),
    tenant_id: tenant.id,
    name: `Flotila ${String(i + 1).padStart(4, '0')}`,
    thing_name: `fleet-${String(i + 1).padStart(4, '0')}`,
    latitude: 48.6 + (i % 20) * 0.1,
    longitude: 12.2 + (i % 37) * 0.18,
    pv_peak_kw: 5 + (i % 50),
    created_at: new Date().toISOString(),
  }));
  for (let i = 0; i < extra.length; i += 200)
    await db
      .insertInto('plants')
      .values(extra.slice(i, i + 200))
      .execute();
  const hours = templateHours(template, now);
  const plants = await db.selectFrom('plants').select(['thing_name', 'pv_peak_kw']).execute();
  for (const plant of plants) {
    const scale = plant.pv_peak_kw / template.pv_peak_kw;
    const rows = hours.map((h) => {
      const k = h.metric_key === 'ActPwrPve' ? scale : 1;
      return {
        ...h,
        thing_name: plant.thing_name,
        granularity: 'hour',
        value_sum: h.value_sum * k,
        value_min: h.value_min * k,
        value_max: h.value_max * k,
        last_value: h.last_value * k,
        energy_wh: h.energy_wh * k,
      };
    });
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('metric_rollups')
          .values(rows.slice(i, i + 500))
          .execute();
    });
  }
  return { db, plants: plants.length, rows: plants.length * hours.length };
}

const quiet = {
  info: () => undefined,
  warn: (line) => process.stderr.write(`${line}\n`),
  error: (line) => process.stderr.write(`${line}\n`),
};

async function benchForecasts({ port, mqttPort, log }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-forecast-'));
  const databaseUrl = `sqlite://${path.join(dataDir, 'helio.db')}`;
  const now = Date.now();
  log('');
  log(`Forecasts: ${PLANTS} plants with ${DAYS} days of hourly history…`);
  try {
    const seeded = await seedForecastFleet(databaseUrl, now);
    log(`  ${seeded.plants} plants, ${seeded.rows} hour roll-ups written`);
    const config = { ...loadForecastConfig({}), weatherUrl: undefined };
    // Wall time and this process's CPU time: on a shared machine the second says what the work costs.
    const timed = async (run) => {
      const wall = performance.now();
      const cpu = process.cpuUsage();
      const result = await run();
      const used = process.cpuUsage(cpu);
      return { result, wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
    };
    const first = await timed(() => issueForecasts({ db: seeded.db, config, log: quiet, now }));
    log(
      `  first issue run: ${first.result.issued} forecasts and ${first.result.reconstructed} reconstructed day-before forecasts in ${ms(first.wallMs)} (CPU ${ms(first.cpuMs)})`,
    );
    const hourly = await timed(() => issueForecasts({ db: seeded.db, config, log: quiet, now: now + HOUR }));
    log(
      `  hourly issue run: ${hourly.result.issued} forecasts in ${ms(hourly.wallMs)} (CPU ${ms(hourly.cpuMs)}; target ≤ 10 s for 1,000 plants), load average ${os.loadavg()[0].toFixed(1)}`,
    );
    await seeded.db.destroy();

    return await withFleetServer({ port, mqttPort, dataDir, databaseUrl }, async ({ base, idToken }) => {
      const [{ id: plantId }] = await post(base, 'hono/plants/find', { filter: { thingName: 'demo-brno-01' } }, idToken);
      const shown = await post(base, 'forecast/get', { plantId }, idToken);
      if (shown.points.length !== 192) throw new Error(`forecast/get answered ${shown.points.length} points`);
      const get = await p50Of(CALLS, () => post(base, 'forecast/get', { plantId }, idToken));
      const accuracy = await p50Of(CALLS, () => post(base, 'forecast/accuracy', { plantId, days: 7 }, idToken));
      log(
        `  forecast/get: p50 ${ms(get.p50)}, p99 ${ms(get.p99)}; forecast/accuracy (7 days): p50 ${ms(accuracy.p50)}, p99 ${ms(accuracy.p99)} (${CALLS} requests each; target p50 ≤ 50 ms)`,
      );
      return [
        `| forecasts issued, ${PLANTS} plants, hourly run | ${ms(hourly.wallMs)}, CPU ${ms(hourly.cpuMs)} (first run with 7 reconstructed days each: ${ms(first.wallMs)}, CPU ${ms(first.cpuMs)}) | ≤ 10 s |`,
        `| forecast/get / forecast/accuracy | p50 ${ms(get.p50)} / ${ms(accuracy.p50)}, p99 ${ms(get.p99)} / ${ms(accuracy.p99)} | p50 ≤ 50 ms |`,
      ];
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

module.exports = { benchForecasts };

if (require.main === module) {
  benchForecasts({
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
