// Analytics at fleet size: a tenant with 1,000 plants spread over Czechia (sites, tilts and azimuths
// differ) with a year of month roll-ups and this month's day roll-ups of the energy counters, and
// gateway-offline alerts on every tenth plant, seeded straight into a throwaway SQLite data dir. Then
// the p50 of analytics/overview and analytics/benchmark over the year (the target: 300 ms), the first
// (cold) call that computes the clear-sky expectations, the month from day roll-ups, and one plant
// against its peers.
'use strict';
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const dist = require('./dist-paths');
const { createDatabase } = require(dist.server('db'));
const { calendarOf } = require(dist.server('series/calendar'));
const { ms } = require('./stats');
const { p50Of, post, withFleetServer } = require('./fleet-server');
const { seedFleet } = require('./plants-table');

const PLANTS = Number(process.env.BENCH_FLEET_PLANTS ?? 1000);
const CALLS = Number(process.env.BENCH_ANALYTICS_CALLS ?? 30);
const ZONE = 'Europe/Prague';
const COUNTERS = { EnergyPveTotal: 1, EnergyLoadTotal: 0.7, EnergyGridImportTotal: 0.25, EnergyGridExportTotal: 0.55, EnergyEvTotal: 0.1 };
/** kWh per kWp of a Czech month, January to December. */
const MONTH_YIELD = [25, 45, 80, 115, 135, 140, 145, 130, 95, 60, 28, 18];

function counterRows(thingName, granularity, buckets, kwhOf) {
  const rows = [];
  for (const [key, share] of Object.entries(COUNTERS)) {
    let reading = 1000;
    for (const [i, bucket] of buckets.entries()) {
      const first = reading;
      reading += kwhOf(i) * share;
      rows.push({
        thing_name: thingName,
        granularity,
        metric_key: key,
        bucket,
        sample_count: 288,
        value_sum: (288 * (first + reading)) / 2,
        value_min: first,
        value_max: reading,
        last_ts: bucket + 1,
        last_value: reading,
        energy_wh: 0,
      });
    }
  }
  return rows;
}

async function insertAll(db, table, rows) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + 500))
        .execute();
  });
}

/** The plants table bench's fleet (1,000 plants, tags), spread over Czechia, with counter roll-ups and alerts. */
async function seedAnalyticsFleet(databaseUrl, now) {
  await seedFleet(databaseUrl);
  const db = await createDatabase(databaseUrl);
  const tenant = await db.selectFrom('tenants').select('id').where('name', '=', 'Helio Demo').executeTakeFirstOrThrow();
  const plants = await db
    .selectFrom('plants')
    .select(['id', 'thing_name', 'pv_peak_kw'])
    .where('tenant_id', '=', tenant.id)
    .where('thing_name', 'like', 'fleet-%')
    .orderBy('thing_name')
    .execute();
  await db.transaction().execute(async (trx) => {
    for (const [i, plant] of plants.entries()) {
      await trx
        .updateTable('plants')
        .where('id', '=', plant.id)
        .set({
          latitude: 48.6 + ((i * 7) % 23) / 10,
          longitude: 12.2 + ((i * 13) % 66) / 10,
          tilt_deg: 15 + ((i * 11) % 35),
          azimuth_deg: -60 + ((i * 17) % 121),
          created_at: new Date(now - 400 * 86_400_000).toISOString(),
        })
        .execute();
    }
  });
  const calendar = calendarOf(ZONE);
  const year = new Date(now).getUTCFullYear();
  const months = [];
  for (let m = -1; m < 12; m++) {
    const start = calendar.bucketStart('month', Date.UTC(year, m, 15));
    if (start <= now) months.push(start);
  }
  const days = [];
  for (let d = calendar.bucketStart('day', calendar.bucketStart('month', now) - 1); d <= now; d = calendar.nextBucket('day', d))
    days.push(d);
  const monthOfIndex = (i) => (i + 11) % 12; // index 0 is December of the year before
  let rollups = 0;
  for (let p = 0; p < plants.length; p += 50) {
    const batch = plants.slice(p, p + 50).flatMap((plant, j) => {
      const quality = 0.8 + ((p + j) % 9) / 20;
      return [
        ...counterRows(plant.thing_name, 'month', months, (i) => MONTH_YIELD[monthOfIndex(i)] * plant.pv_peak_kw * quality),
        ...counterRows(plant.thing_name, 'day', days, () => (MONTH_YIELD[new Date(now).getUTCMonth()] / 30) * plant.pv_peak_kw * quality),
      ];
    });
    rollups += batch.length;
    await insertAll(db, 'metric_rollups', batch);
  }
  const alerts = plants
    .filter((_, i) => i % 10 === 0)
    .map((plant, i) => ({
      id: randomUUID(),
      tenant_id: tenant.id,
      plant_id: plant.id,
      kind: 'gatewayOffline',
      severity: 'critical',
      started_at: new Date(now - (i + 2) * 86_400_000).toISOString(),
      ended_at: new Date(now - (i + 2) * 86_400_000 + 6 * 3_600_000).toISOString(),
      details: '{}',
    }));
  await insertAll(db, 'alerts', alerts);
  await db.destroy();
  return { rollups, alerts: alerts.length, plantId: plants[0].id, year };
}

async function timed(call) {
  const t = performance.now();
  const answer = await call();
  return { ms: performance.now() - t, answer };
}

/** Runs on its own server process (the given ports) and data dir. */
async function benchAnalytics({ port, mqttPort, log }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-analytics-'));
  const databaseUrl = `sqlite://${path.join(dataDir, 'helio.db')}`;
  const now = Date.now();
  log('');
  log(`Analytics: a tenant with ${PLANTS} plants, a year of month roll-ups and this month's day roll-ups…`);
  const t = performance.now();
  const seeded = await seedAnalyticsFleet(databaseUrl, now);
  log(`  seeded ${seeded.rollups} roll-up rows and ${seeded.alerts} alerts in ${ms(performance.now() - t)}`);
  try {
    return await withFleetServer({ port, mqttPort, dataDir, databaseUrl }, async ({ base, idToken }) => {
      const yearPeriod = { kind: 'year', from: `${seeded.year}-01-01` };
      const monthPeriod = { kind: 'month', from: new Date(now).toISOString().slice(0, 10) };
      const cold = await timed(() => post(base, 'analytics/overview', { period: yearPeriod }, idToken));
      log(
        `  first analytics/overview of the year (clear-sky expectations computed): ${ms(cold.ms)}; ${cold.answer.plantCount} plants, ` +
          `${Math.round(cold.answer.totals.produced / 1000)} MWh, PR ${cold.answer.totals.performanceRatioPct?.toFixed(1)} %, availability ${cold.answer.totals.availabilityPct?.toFixed(2)} %`,
      );
      const overview = await p50Of(CALLS, () => post(base, 'analytics/overview', { period: yearPeriod }, idToken));
      const bench = await p50Of(CALLS, () =>
        post(base, 'analytics/benchmark', { period: yearPeriod, metric: 'performanceRatio' }, idToken),
      );
      await post(base, 'analytics/overview', { period: monthPeriod }, idToken);
      const month = await p50Of(CALLS, () => post(base, 'analytics/overview', { period: monthPeriod }, idToken));
      const plant = await p50Of(CALLS, () =>
        post(base, 'analytics/benchmark/plant', { plantId: seeded.plantId, metric: 'specificYield', year: seeded.year }, idToken),
      );
      log(
        `  analytics/overview, year, ${PLANTS} plants: p50 ${ms(overview.p50)}, p99 ${ms(overview.p99)} (${overview.n} requests; target p50 ≤ 300 ms)`,
      );
      log(
        `  analytics/benchmark, year, ${PLANTS} plants: p50 ${ms(bench.p50)}, p99 ${ms(bench.p99)} (${bench.n} requests; target p50 ≤ 300 ms)`,
      );
      log(`  analytics/overview, this month from day roll-ups: p50 ${ms(month.p50)}, p99 ${ms(month.p99)} (${month.n} requests)`);
      log(`  analytics/benchmark/plant, one plant against its peers: p50 ${ms(plant.p50)}, p99 ${ms(plant.p99)} (${plant.n} requests)`);
      return [
        `| analytics/overview, year, ${PLANTS} plants | p50 ${ms(overview.p50)}, p99 ${ms(overview.p99)} (first call ${ms(cold.ms)}) | p50 ≤ 300 ms |`,
        `| analytics/benchmark, year, ${PLANTS} plants | p50 ${ms(bench.p50)}, p99 ${ms(bench.p99)} | p50 ≤ 300 ms |`,
        `| analytics/overview, month, ${PLANTS} plants | p50 ${ms(month.p50)} | — |`,
        `| analytics/benchmark/plant, ${PLANTS} peers | p50 ${ms(plant.p50)} | — |`,
      ];
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

module.exports = { benchAnalytics, seedAnalyticsFleet };

if (require.main === module) {
  benchAnalytics({
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
