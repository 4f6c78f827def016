// `npm run bench:series`: what a stored sample costs (issue 38). Bytes a sample at rest, raw rows
// against packed blocks (series-packer.ts), on two sets of samples, each in a database of its own:
//   - the simulator's: the demo plants' simulated history (BENCH_HISTORY_DAYS, 14 by default, at the
//     simulator's 5-minute step), as `npm start` writes it;
//   - a noisy one: four series every 5 s for BENCH_NOISY_DAYS (3) days, in the style of a public
//     household-meter data set (load in W to 0.1 with Gaussian noise on a random walk, mains voltage to
//     0.1 V, frequency to 0.001 Hz, a temperature to 0.01 °C); synthetic, seeded, so every run is the same.
// Beside them VictoriaMetrics' bytes a sample for the same samples when Debian's `victoria-metrics` is
// installed (started on 127.0.0.1:BENCH_VM_PORT, 20428, the samples imported, flushed, its data directory
// measured, stopped), else "skipped". Then the writer's ingest (samples/s, CPU µs a sample, in this
// process), packing's own CPU, and read latencies: a year at 1h, a raw day of one metric (packed, raw).
// Last, packing a closed hour of a live fleet's shape (fleet-packing.js, BENCH_FLEET_PLANTS), and reads of
// an open hour as report rows and as sample rows (open-hour-reads.js).
// SQLite in a temporary directory; BENCH_DATABASE_URL=postgres://… runs both on PostgreSQL (two schemas
// of that database, dropped at the end).
'use strict';
const { seededNoise } = require('./seeded-noise');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const dist = require('./dist-paths');
const { createDatabase } = require(dist.server('db'));
const { migrateToLatest } = require(dist.server('db/migrations'));
const { isPostgres } = require(dist.server('db/dialect'));
const { seedDemoData } = require(dist.server('demo/seed'));
const { ShadowStore } = require(dist.server('iot/shadows/shadow-store'));
const { simPlantConfig } = require(dist.server('iot/services'));
const { backfillHistory } = require(dist.server('iot/simulation/sim-history'));
const { packClosedHours } = require(dist.server('series/series-packer'));
const { ReportDecoder } = require(dist.server('series/report-rows'));
const { SeriesWriter } = require(dist.server('series/series-writer'));
const { readSeries } = require(dist.server('series/series-reader'));
const { ClosedBucketCache } = require(dist.server('series/closed-buckets'));
const { calendarOf } = require(dist.server('series/calendar'));
const { timed } = require('./stats');
const { machineBusySeconds } = require('./process-cpu');
const { fleetPacking } = require('./fleet-packing');
const { openHourReads } = require('./open-hour-reads');
const { tableBytes, victoriaBytes, vmSeriesOfRows } = require('./series-bytes');
const { sql } = require('kysely');

const HISTORY_DAYS = Number(process.env.BENCH_HISTORY_DAYS ?? 14);
const NOISY_DAYS = Number(process.env.BENCH_NOISY_DAYS ?? 3);
const DAY_MS = 86_400_000;
const log = (line) => process.stdout.write(`${line}\n`);
const silent = { info() {}, warn() {}, error: (m) => log(`  error: ${m}`) };
const fmt = (n, digits = 2) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-series-'));

async function openDatabase(name) {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) {
    const db = await createDatabase(`sqlite://${path.join(tmp, `${name}.db`)}`);
    await migrateToLatest(db);
    return db;
  }
  const url = new URL(pgUrl);
  url.searchParams.set('options', `-c search_path=bench_${name}`);
  const admin = await createDatabase(pgUrl);
  await sql.raw(`drop schema if exists bench_${name} cascade; create schema bench_${name}`).execute(admin);
  await admin.destroy();
  const db = await createDatabase(url.toString());
  await migrateToLatest(db);
  return db;
}

const count = async (db, table, column) => {
  const q = db.selectFrom(table);
  const row = await (
    column ? q.select((eb) => eb.fn.sum(column).as('n')) : q.select((eb) => eb.fn.countAll().as('n'))
  ).executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
};

/** Every raw sample (sample rows and report rows), by series, for VictoriaMetrics (read before packing). */
async function allSeries(db) {
  const rows = await db.selectFrom('metric_samples').select(['thing_name', 'metric_key', 'ts', 'value']).execute();
  const decoder = new ReportDecoder();
  for (const r of await db.selectFrom('metric_reports').select(['thing_name', 'ts', 'metric_keys', 'metric_values']).execute())
    for (const s of decoder.samples(r)) rows.push({ thing_name: r.thing_name, metric_key: s.metricKey, ts: r.ts, value: s.value });
  rows.sort((a, b) =>
    a.thing_name < b.thing_name
      ? -1
      : a.thing_name > b.thing_name
        ? 1
        : a.metric_key < b.metric_key
          ? -1
          : a.metric_key > b.metric_key
            ? 1
            : Number(a.ts) - Number(b.ts),
  );
  return vmSeriesOfRows(rows);
}

/** Packs everything closed; bytes a sample raw before and packed after, and packing's CPU. */
async function measure(db, name, now) {
  // the open hour's samples are report rows (a row a report), the rest sample rows: raw is both
  const samples = (await count(db, 'metric_samples')) + (await count(db, 'metric_reports', 'sample_count'));
  const raw = (await tableBytes(db, 'metric_samples')) + (await tableBytes(db, 'metric_reports'));
  const series = await allSeries(db);
  const cpu = process.cpuUsage();
  const machineBefore = machineBusySeconds();
  const started = performance.now();
  const packed = await packClosedHours(db, now);
  const used = process.cpuUsage(cpu);
  // PostgreSQL's part: the machine's CPU meanwhile less this process's (SQLite's is in this process)
  const elsewhere = Math.max(0, machineBusySeconds() - machineBefore - (used.user + used.system) / 1e6);
  const seconds = (performance.now() - started) / 1000;
  const blocks = await tableBytes(db, 'metric_blocks');
  const inBlocks = await count(db, 'metric_blocks', 'sample_count');
  const blockRows = await count(db, 'metric_blocks');
  const vm = await victoriaBytes(series, samples);
  log(`${name}: ${fmt(samples, 0)} samples in ${series.length} series`);
  log(`  raw rows (sample and report rows + keys): ${fmt(raw / samples)} bytes a sample (${fmt(raw / 1e6)} MB)`);
  log(
    `  Helio packed (metric_blocks + key): ${fmt(blocks / inBlocks)} bytes a sample (${fmt(inBlocks, 0)} samples in ${fmt(blockRows, 0)} blocks, ${fmt(blocks / 1e3, 1)} kB; ${fmt(samples - inBlocks, 0)} of the open hours stay raw)`,
  );
  log(
    vm.skipped
      ? `  VictoriaMetrics: skipped (${vm.skipped})`
      : `  VictoriaMetrics:                  ${fmt(vm.perSample)} bytes a sample (${fmt(vm.bytes / 1e3, 1)} kB on disk)`,
  );
  log(
    `  packing: ${fmt(packed.samples / seconds, 0)} samples/s, ${fmt((used.user + used.system) / packed.samples, 1)} µs of CPU a sample in this process and ${fmt((elsewhere * 1e6) / packed.samples, 1)} µs in the rest of the machine (${isPostgres(db) ? 'PostgreSQL' : 'idle: SQLite is in this process'}; ${fmt(packed.blocks, 0)} blocks written, ${packed.days} series-days made one block)`,
  );
  return { samples, raw: raw / samples, packed: blocks / inBlocks, vm: vm.perSample };
}

function noisySamples(now) {
  const { gauss } = seededNoise(42);
  const end = now - (now % 5000);
  const samples = [];
  let load = 400;
  let temp = 21;
  for (let ts = end - NOISY_DAYS * DAY_MS; ts < end; ts += 5000) {
    load = Math.max(50, load + gauss() * 8);
    temp += gauss() * 0.01;
    samples.push({ metricKey: 'LoadPwr', ts, value: Math.round((load + gauss() * 30) * 10) / 10 });
    samples.push({ metricKey: 'GridVolt', ts, value: Math.round((230 + gauss() * 1.5) * 10) / 10 });
    samples.push({ metricKey: 'GridFreq', ts, value: Math.round((50 + gauss() * 0.02) * 1000) / 1000 });
    samples.push({ metricKey: 'TempIn', ts, value: Math.round((temp + gauss() * 0.05) * 100) / 100 });
  }
  return samples;
}

async function main() {
  const engine = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  log(
    `bench:series on ${engine}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
  const now = Date.now();

  // the simulator's data
  const sim = await openDatabase('sim');
  await seedDemoData(sim);
  const plants = await sim.selectFrom('plants').selectAll().where('simulated', '=', 1).execute();
  const history = await backfillHistory({
    db: sim,
    shadows: new ShadowStore(sim),
    plants: plants.map((p) => simPlantConfig(p)),
    days: HISTORY_DAYS,
    now,
    log: silent,
    packed: false, // raw, as before packing: the bench measures both forms
  });
  await history.written;
  const simFigures = await measure(
    sim,
    `the simulator's data (${HISTORY_DAYS} days of the demo's ${plants.length} simulated plants at 5-minute steps)`,
    now,
  );
  await sim.destroy();

  // the noisy series, and the reads and ingest on its database
  const noisy = await openDatabase('noisy');
  const writer = new SeriesWriter();
  const thing = 'bench-noisy';
  const samples = noisySamples(now);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < samples.length; i += 2000) await writer.writeSamples(noisy, thing, samples.slice(i, i + 2000));
  const ingestSeconds = (performance.now() - started) / 1000;
  const ingestCpu = process.cpuUsage(cpu);
  const rawDay = {
    thingName: thing,
    calendar: calendarOf('UTC'),
    metricKeys: ['LoadPwr'],
    start: now - 2 * DAY_MS,
    end: now - DAY_MS,
    granularity: '1m',
  };
  const rawDayUnpacked = await timed(30, () => readSeries(noisy, rawDay));
  const noisyFigures = await measure(noisy, `a noisy series (synthetic household meter, ${NOISY_DAYS} days of 4 series every 5 s)`, now);
  const rawDayPacked = await timed(30, () => readSeries(noisy, rawDay));

  // a year of hour roll-ups of 4 keys for the 1h read (roll-ups are not packed: the figure says reads stayed where they were)
  const hours = [];
  for (let h = 0; h < 365 * 24; h++)
    for (const metricKey of ['ActPwrPve', 'ActPwrGrid', 'BatSoc', 'ActPwrLoad'])
      hours.push({
        granularity: 'hour',
        metricKey,
        bucket: now - (now % 3_600_000) - (h + 1) * 3_600_000,
        count: 12,
        sum: 12 * h,
        min: 0,
        max: h,
        lastTs: now,
        last: h,
        energyWh: h,
      });
  await writer.writeRollups(noisy, 'bench-year', hours);
  // as metric/time-series reads it: closed buckets through the cache the route keeps
  const cache = new ClosedBucketCache();
  const year = {
    thingName: 'bench-year',
    calendar: calendarOf('UTC'),
    rollup: 'hour',
    metricKeys: ['ActPwrPve', 'ActPwrGrid', 'BatSoc', 'ActPwrLoad'],
    from: now - (now % 3_600_000) - 365 * DAY_MS,
    end: now,
  };
  const yearRead = await timed(50, () => cache.read(noisy, year));
  await noisy.destroy();

  const fleet = await openDatabase('fleet');
  await fleetPacking(fleet, log);
  await openHourReads(fleet, log);
  await fleet.destroy();

  log(
    `ingest through the series writer (this process, ${engine}, batches of 2,000 samples of one thing, closed hours so each batch also checks for packed duplicates):`,
  );
  log(
    `  ${fmt(samples.length / ingestSeconds, 0)} samples/s, ${fmt((ingestCpu.user + ingestCpu.system) / samples.length, 1)} µs of CPU a sample`,
  );
  log(
    `reads: a year at 1h of 4 metrics (the route's closed-bucket cache; roll-ups are not packed) p50 ${fmt(yearRead.p50)} ms (p99 ${fmt(yearRead.p99)}); a raw day of one metric (17,280 samples at 1m) p50 ${fmt(rawDayPacked.p50)} ms packed (p99 ${fmt(rawDayPacked.p99)}, ${fmt(rawDayPacked.cpuMs)} ms of CPU a read), ${fmt(rawDayUnpacked.p50)} ms raw (${fmt(rawDayUnpacked.cpuMs)} ms of CPU)`,
  );
  log('');
  log(`| ${engine} | simulator: raw / packed / VictoriaMetrics | noisy: raw / packed / VictoriaMetrics |`);
  const triple = (f) => `${fmt(f.raw)} / ${fmt(f.packed)} / ${f.vm === undefined ? 'skipped' : fmt(f.vm)}`;
  log(`| bytes a sample | ${triple(simFigures)} | ${triple(noisyFigures)} |`);
  if (process.env.BENCH_DATABASE_URL) {
    const admin = await createDatabase(process.env.BENCH_DATABASE_URL);
    await sql
      .raw('drop schema if exists bench_sim cascade; drop schema if exists bench_noisy cascade; drop schema if exists bench_fleet cascade')
      .execute(admin);
    await admin.destroy();
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}

main().catch((error) => {
  log(`bench:series failed: ${error instanceof Error ? error.stack : String(error)}`);
  fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(1);
});
