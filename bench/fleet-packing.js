// bench:series' fleet part: packing a closed hour of a live fleet's shape (issue 38's "compaction keeps
// up"): BENCH_FLEET_PLANTS (100) simulated plants, each reporting its 24 values every 5 s for an hour,
// written as the open hour holds them (a report row each, report-rows.ts), then packed by the job's own function. Prints
// the CPU a sample in this process and in the rest of the machine (PostgreSQL), what packing a fleet
// of 10,000 plants at the issue's 50,000 samples/s would take of a core, and the hour's bytes a sample
// at rest in its blocks beside VictoriaMetrics' for the same samples. bench:series and bench:cluster run it.
'use strict';
const dist = require('./dist-paths');
const { reportsFor } = require('./gateways');
const { machineBusySeconds } = require('./process-cpu');
const { insertRows } = require(dist.server('db/row-columns'));
const { isPostgres } = require(dist.server('db/dialect'));
const { numericSamples } = require(dist.server('iot/shadows/metric-samples'));
const { packClosedHours } = require(dist.server('series/series-packer'));
const { reportRow } = require(dist.server('series/report-rows'));
const { SeriesWriter } = require(dist.server('series/series-writer'));
const { tableBytes, victoriaBytes, vmSeriesOfRows } = require('./series-bytes');

const PLANTS = Number(process.env.BENCH_FLEET_PLANTS ?? 100);
const HOUR_MS = 3_600_000;
const STEP_MS = 5000;
const ISSUE_RATE = 50_000;
const REPORT_COLUMNS = { thing_name: 'text', ts: 'bigint', metric_keys: 'text', metric_values: 'bytea', sample_count: 'integer' };

const thousands = (n) => Math.round(n).toLocaleString('en');
const fmt = (n, digits = 1) => n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Writes the fleet's closed hour into `db` (migrated, empty) and packs it; answers the figures it printed. */
async function fleetPacking(db, log) {
  const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 2 * HOUR_MS;
  const plants = Array.from({ length: PLANTS }, (_, i) => ({
    thing_name: `fleet-${String(i).padStart(5, '0')}`,
    latitude: 48.6 + (i % 17) * 0.2,
    longitude: 12.2 + (i % 23) * 0.3,
    timezone: 'Europe/Prague',
    pv_peak_kw: 5 + (i % 11),
    battery_kwh: i % 3 === 0 ? 0 : 5 + (i % 7),
    charger_kw: i % 4 === 0 ? 0 : 11,
  }));
  // an hour of reports ending at the hour's end: reportsFor ends one step before `now`
  const reports = reportsFor(plants, HOUR_MS / STEP_MS, { stepMs: STEP_MS, now: hour + HOUR_MS + 2 * STEP_MS });
  const rows = [];
  const reportRows = [];
  const keysOf = new Map();
  reports.forEach((list, i) => {
    const thing = plants[i].thing_name;
    const keys = new Set();
    for (const report of list) {
      if (report.ts < hour || report.ts >= hour + HOUR_MS) continue;
      const samples = numericSamples(JSON.parse(report.body).state.reported);
      reportRows.push(reportRow(thing, report.ts, samples));
      for (const s of samples) {
        rows.push({ thing_name: thing, metric_key: s.metricKey, ts: report.ts, value: s.value });
        keys.add(s.metricKey);
      }
    }
    keysOf.set(thing, keys);
  });
  await insertRows(db, 'metric_reports', REPORT_COLUMNS, reportRows, (insert) => insert);
  // the job lists its series from the month roll-ups, as the writer leaves them
  const month = (metricKey) => ({
    granularity: 'month',
    metricKey,
    bucket: hour,
    count: 1,
    sum: 0,
    min: 0,
    max: 0,
    lastTs: hour,
    last: 0,
    energyWh: 0,
  });
  await new SeriesWriter().writeRollupsOf(
    db,
    [...keysOf].map(([thingName, keys]) => ({ thingName, rollups: [...keys].map(month) })),
  );
  const cpu = process.cpuUsage();
  const machineBefore = machineBusySeconds();
  const started = performance.now();
  const packed = await packClosedHours(db, hour + 3 * HOUR_MS);
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1000;
  const here = (used.user + used.system) / packed.samples;
  const elsewhere = (Math.max(0, machineBusySeconds() - machineBefore - (used.user + used.system) / 1e6) * 1e6) / packed.samples;
  const series = [...keysOf.values()].reduce((n, keys) => n + keys.size, 0);
  log(`a fleet's closed hour (${PLANTS} simulated plants, ${series} series, a report every 5 s): ${thousands(rows.length)} raw samples`);
  log(
    `  packing: ${thousands(packed.samples / seconds)} samples/s, ${fmt(here)} µs of CPU a sample in this process and ${fmt(elsewhere)} µs in the rest of the machine (${isPostgres(db) ? 'PostgreSQL' : 'idle: SQLite is in this process'}; ${thousands(packed.blocks)} blocks)`,
  );
  log(`  at the issue's ${thousands(ISSUE_RATE)} samples/s: ${fmt(((here + elsewhere) * ISSUE_RATE) / 1e6, 2)} of a core for packing`);
  // at rest: the hour as the open day holds it, a block an hour and series (a closed day is one block)
  const helio = (await tableBytes(db, 'metric_blocks')) / packed.samples;
  const vm = await victoriaBytes(vmSeriesOfRows(rows), rows.length);
  log(
    `  bytes a sample at rest (hour blocks): Helio ${fmt(helio, 2)}, VictoriaMetrics ${vm.skipped ? `skipped: ${vm.skipped}` : fmt(vm.perSample, 2)}`,
  );
  return {
    samples: packed.samples,
    here,
    elsewhere,
    perSecond: packed.samples / seconds,
    helio,
    vm: vm.skipped ? undefined : vm.perSample,
  };
}

module.exports = { fleetPacking };
