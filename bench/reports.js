// `npm run bench:reports`: the time and CPU time to render 1,000 plants' monthly reports (issue 40,
// target ≤ 60 s on the 2-core machine), as the 1st-of-the-month mail job makes them: per plant the
// month's figures (reports/report-data.ts: the analytics computations over the day roll-ups, the same
// month last year, forecasts, spot prices) and its PDF (reports/report-pdf.ts). The fleet is written
// straight into a temporary SQLite database: BENCH_REPORT_PLANTS plants (1,000) with June 2025 and
// June 2024 day roll-ups, hourly spot prices for June 2025 and an alert on every tenth plant.
// Prints the wall time, this process's CPU time (user + system), the split between figures and PDF,
// the PDF sizes, and the machine's load average (it is shared: the wall time is the machine's too).
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const dist = require('./dist-paths');
const { createDatabase } = require(dist.server('db'));
const { migrateToLatest } = require(dist.server('db/migrations'));
const { resolvePeriod, zoneBounds } = require(dist.server('analytics/period'));
const { plantListingColumns } = require(dist.server('plants/listing-columns'));
const { monthReport } = require(dist.server('reports/report-data'));
const { KeptCounters } = require(dist.server('analytics/closed-counters'));
const { renderReportPdf } = require(dist.server('reports/report-pdf'));
const { loadConfig } = require(dist.server('config'));
const { summary } = require('./stats');

const PLANTS = Number(process.env.BENCH_REPORT_PLANTS ?? 1000);
const MONTH = '2025-06';
const ZONE = 'Europe/Prague';
const HOUR_MS = 3_600_000;
const log = (line) => process.stdout.write(`${line}\n`);
const fmt = (n, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const cpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

async function insertBatched(db, table, rows) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Day roll-ups of a counter: `perDay(i)` kWh on day i, from a base in the day before. */
function counterRows(thing, metric, base, days, perDay) {
  let reading = 1000;
  return [base, ...days].map((bucket, i) => {
    const first = reading;
    reading += i === 0 ? 5 : perDay(i - 1);
    return {
      thing_name: thing,
      granularity: 'day',
      metric_key: metric,
      bucket,
      sample_count: 2,
      value_sum: first + reading,
      value_min: first,
      value_max: reading,
      last_ts: bucket + 1000,
      last_value: reading,
      energy_wh: 0,
    };
  });
}

async function writeFleet(db, area) {
  const tenantId = randomUUID();
  const now = new Date().toISOString();
  await db.insertInto('tenants').values({ id: tenantId, name: 'Bench reports', created_at: now }).execute();
  const june = zoneBounds(resolvePeriod({ kind: 'month', from: `${MONTH}-01` }), ZONE);
  const before = zoneBounds(resolvePeriod({ kind: 'month', from: '2024-06-01' }), ZONE);
  const plants = [];
  for (let p = 0; p < PLANTS; p++) {
    const name = `Elektrárna ${String(p + 1).padStart(4, '0')}`;
    const plant = {
      id: randomUUID(),
      tenant_id: tenantId,
      name,
      thing_name: `bench-report-${p}`,
      location: 'Brno',
      ...plantListingColumns({ name, location: 'Brno' }),
      latitude: 48.8 + (p % 20) * 0.1,
      longitude: 12.5 + (p % 50) * 0.12,
      timezone: ZONE,
      pv_peak_kw: 5 + (p % 40),
      battery_kwh: null,
      charger_kw: null,
      created_at: '2024-01-01T00:00:00.000Z',
    };
    plants.push(plant);
  }
  await insertBatched(db, 'plants', plants);
  for (const plant of plants) {
    const kwp = plant.pv_peak_kw;
    const produced = (i) => kwp * (2 + ((i * 7 + kwp) % 31) / 10);
    const rows = [
      ...counterRows(plant.thing_name, 'EnergyPveTotal', june.baseStart, june.buckets, produced),
      ...counterRows(plant.thing_name, 'EnergyLoadTotal', june.baseStart, june.buckets, (i) => 8 + (i % 5)),
      ...counterRows(plant.thing_name, 'EnergyGridImportTotal', june.baseStart, june.buckets, (i) => 2 + (i % 3)),
      ...counterRows(plant.thing_name, 'EnergyGridExportTotal', june.baseStart, june.buckets, (i) => produced(i) * 0.55),
      ...counterRows(plant.thing_name, 'EnergyPveTotal', before.baseStart, before.buckets, () => kwp * 3.5),
      ...counterRows(plant.thing_name, 'EnergyLoadTotal', before.baseStart, before.buckets, () => 9),
    ];
    await insertBatched(db, 'metric_rollups', rows);
  }
  const prices = june.buckets.flatMap((day, d) =>
    Array.from({ length: 24 }, (_, h) => ({
      area,
      starts_at: new Date(day + h * HOUR_MS).toISOString(),
      minutes: 60,
      eur_mwh: 50 + h + d,
      source: 'import',
      updated_at: now,
    })),
  );
  await insertBatched(db, 'spot_prices', prices);
  const alerts = plants
    .filter((_, i) => i % 10 === 0)
    .map((plant, i) => ({
      id: randomUUID(),
      tenant_id: tenantId,
      plant_id: plant.id,
      kind: 'gatewayOffline',
      severity: 'critical',
      started_at: new Date(june.buckets[i % 30] + 6 * HOUR_MS).toISOString(),
      ended_at: new Date(june.buckets[i % 30] + 9 * HOUR_MS).toISOString(),
      details: '{}',
    }));
  await insertBatched(db, 'alerts', alerts);
  return { tenantId, plants };
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-reports-'));
  const config = loadConfig({ DATA_DIR: tmp }).analytics;
  const db = await createDatabase(`sqlite://${path.join(tmp, 'reports.db')}`);
  try {
    await migrateToLatest(db);
    const { tenantId, plants } = await writeFleet(db, config.spotArea);
    const caller = { tenantId, sub: 'bench-owner', roleId: 'owner' };
    log(`monthly reports: ${plants.length} plants, ${MONTH}, SQLite, one report each (figures + PDF, Czech)`);
    log(
      `load average before: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${os.cpus().length} cores)`,
    );
    const figuresMs = [];
    const pdfMs = [];
    const sizes = [];
    const wallStart = performance.now();
    const cpuStart = cpuSeconds();
    for (const plant of plants) {
      const t0 = performance.now();
      const report = await monthReport(
        // as the monthly mail reads them: nothing kept
        { db, config, counters: new KeptCounters(db, 0) },
        { kind: 'plant', name: plant.name, fleet: { caller, plantId: plant.id } },
        MONTH,
      );
      const t1 = performance.now();
      const pdf = await renderReportPdf(report, 'cs');
      figuresMs.push(t1 - t0);
      pdfMs.push(performance.now() - t1);
      sizes.push(pdf.length);
    }
    const wall = (performance.now() - wallStart) / 1000;
    const cpu = cpuSeconds() - cpuStart;
    const f = summary(figuresMs);
    const p = summary(pdfMs);
    log(`wall time: ${fmt(wall)} s (target ≤ 60 s), CPU time: ${fmt(cpu)} s (${fmt((cpu / wall) * 100, 0)} % of one core)`);
    log(`a report: figures p50 ${fmt(f.p50)} ms p99 ${fmt(f.p99)} ms, PDF p50 ${fmt(p.p50)} ms p99 ${fmt(p.p99)} ms`);
    log(`PDF size: mean ${fmt(sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024)} kB`);
    log(
      `load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await db.destroy();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
