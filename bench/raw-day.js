// A raw day of one metric, alone (issue 38): 3 days of a noisy 5-second series written and packed into
// a SQLite file once (kept at BENCH_RAW_DAY_DB, default $TMPDIR/helio-raw-day.db, so runs before and
// after a change read the same blocks), then the day before yesterday read at 1m 60 times after 20
// warm-up reads. Prints p50, p99, this process's CPU a read and the load average, and writes the
// answer to BENCH_RAW_DAY_ANSWER (if set) to compare two builds' answers byte for byte. Needs the
// built server (npm run build -w server).
'use strict';
const { seededNoise } = require('./seeded-noise');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const dist = require('./dist-paths');
const { createDatabase } = require(dist.server('db'));
const { migrateToLatest } = require(dist.server('db/migrations'));
const { packClosedHours } = require(dist.server('series/series-packer'));
const { SeriesWriter } = require(dist.server('series/series-writer'));
const { readSeries } = require(dist.server('series/series-reader'));
const { calendarOf } = require(dist.server('series/calendar'));
const { summary } = require('./stats');

const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-11-28T12:00:00Z');
const FILE = process.env.BENCH_RAW_DAY_DB ?? path.join(os.tmpdir(), 'helio-raw-day.db');

/** The household load of series-storage.js's noisy set (seeded mulberry32, Gaussian noise on a random walk). */
function loadSamples() {
  const { gauss } = seededNoise(42);
  const samples = [];
  let load = 400;
  for (let ts = NOW - 3 * DAY_MS; ts < NOW; ts += 5000) {
    load = Math.max(50, load + gauss() * 8);
    samples.push({ metricKey: 'LoadPwr', ts, value: Math.round((load + gauss() * 30) * 10) / 10 });
  }
  return samples;
}

async function main() {
  const fresh = !fs.existsSync(FILE);
  const db = await createDatabase(`sqlite://${FILE}`);
  await migrateToLatest(db);
  if (fresh) {
    const samples = loadSamples();
    const writer = new SeriesWriter();
    for (let i = 0; i < samples.length; i += 2000) await writer.writeSamples(db, 'bench-noisy', samples.slice(i, i + 2000));
    await packClosedHours(db, NOW);
  }
  const query = {
    thingName: 'bench-noisy',
    calendar: calendarOf('UTC'),
    metricKeys: ['LoadPwr'],
    start: NOW - 2 * DAY_MS,
    end: NOW - DAY_MS,
    granularity: '1m',
  };
  const answer = await readSeries(db, query);
  if (process.env.BENCH_RAW_DAY_ANSWER) fs.writeFileSync(process.env.BENCH_RAW_DAY_ANSWER, JSON.stringify(answer));
  for (let i = 0; i < 20; i++) await readSeries(db, query);
  const reads = 60;
  const durations = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < reads; i++) {
    const t = performance.now();
    await readSeries(db, query);
    durations.push(performance.now() - t);
  }
  const used = process.cpuUsage(cpu);
  const { p50, p99 } = summary(durations);
  const ms = (n) => n.toFixed(2);
  process.stdout.write(
    `raw day of one metric at 1m (${answer.length} buckets): p50 ${ms(p50)} ms, p99 ${ms(p99)} ms, ${ms((used.user + used.system) / 1000 / reads)} ms of CPU a read; load average ${os.loadavg()[0].toFixed(1)}\n`,
  );
  await db.destroy();
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
