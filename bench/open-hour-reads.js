// bench:series' open-hour part: what a read of the samples not yet packed costs now that the open hour
// is a row a report (metric_reports) and late samples a row each (metric_samples). One simulated plant
// reports its 24 values every 5 s for an hour, written twice through the series writer: once while the
// hour is open (report rows), once after it closed (sample rows, as a late report or a database from
// before 083 holds them). Then readStoredSamples — what charts, the logs page's raw view and the
// 1- and 15-minute buckets read — of one metric and of every metric over the hour, on each.
'use strict';
const dist = require('./dist-paths');
const { reportsFor } = require('./gateways');
const { timed } = require('./stats');
const { numericSamples } = require(dist.server('iot/shadows/metric-samples'));
const { SeriesWriter } = require(dist.server('series/series-writer'));
const { readStoredSamples } = require(dist.server('series/stored-samples'));

const HOUR_MS = 3_600_000;
const STEP_MS = 5000;
const READS = Number(process.env.BENCH_QUERIES ?? 50);

const fmt = (n, digits = 2) => n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Writes the plant's hour both ways into `db` (migrated; plants need not exist: UTC) and times the reads. */
async function openHourReads(db, log) {
  const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 3 * HOUR_MS;
  const plant = {
    thing_name: 'open-hour',
    latitude: 49.2,
    longitude: 16.6,
    timezone: 'Europe/Prague',
    pv_peak_kw: 9.8,
    battery_kwh: 10,
    charger_kw: 11,
  };
  const [reports] = reportsFor([plant], HOUR_MS / STEP_MS, { stepMs: STEP_MS, now: hour + HOUR_MS + 2 * STEP_MS });
  const batches = reports
    .filter((r) => r.ts >= hour && r.ts < hour + HOUR_MS)
    .map((r) => numericSamples(JSON.parse(r.body).state.reported).map((s) => ({ ...s, ts: r.ts })));
  const open = new SeriesWriter(undefined, 'direct', () => hour + HOUR_MS - 1);
  const late = new SeriesWriter(undefined, 'direct', () => hour + 2 * HOUR_MS);
  for (const samples of batches) await open.writeSamples(db, 'open-hour-reports', samples);
  for (const samples of batches) await late.writeSamples(db, 'open-hour-samples', samples);
  const keys = [...new Set(batches.flatMap((samples) => samples.map((s) => s.metricKey)))];
  const figures = {};
  for (const [form, thing] of [
    ['report rows', 'open-hour-reports'],
    ['sample rows', 'open-hour-samples'],
  ]) {
    const one = await timed(READS, () => readStoredSamples(db, thing, ['ActPwrPve'], hour, hour + HOUR_MS));
    const all = await timed(READS, () => readStoredSamples(db, thing, keys, hour, hour + HOUR_MS));
    figures[form] = { one, all };
  }
  const line = (f) =>
    `one metric p50 ${fmt(f.one.p50)} ms (${fmt(f.one.cpuMs)} ms of CPU), all ${keys.length} p50 ${fmt(f.all.p50)} ms (${fmt(f.all.cpuMs)} ms of CPU)`;
  log(`the open hour of one plant (${batches.length} reports of ${keys.length} values), read with readStoredSamples:`);
  log(`  as report rows: ${line(figures['report rows'])}`);
  log(`  as sample rows: ${line(figures['sample rows'])}`);
  return figures;
}

module.exports = { openHourReads };
