// The roll-up journal's drain in this process, without a database (issue 38): what the leader spends
// gathering a drain's samples from journal rows and building the roll-up upserts, per sample. A fleet of
// BENCH_DRAIN_THINGS (10,000) plants of 25 metrics (5 of them power) reporting BENCH_DRAIN_REPORTS (8)
// times, written as replicas write them (a journal row per 100 reports), is drained BENCH_DRAIN_ROUNDS
// (3) times as the leader drains them (rollup-journal.ts: each row's samples gathered, then the buckets
// merged into the stored ones). The upserts are built and compiled for PostgreSQL as the drain sends
// them, and not run (Kysely's DummyDriver): the database's part is the cluster bench's. Needs the
// built server; `node --expose-gc` lets each drain start on a collected heap.
'use strict';
const dist = require('./dist-paths');
const { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } = require('kysely');
const { journalText, heldOf } = require(dist.server('series/journal-rows'));
const { PendingRollups } = require(dist.server('series/pending-rollups'));
const { SeriesWriter } = require(dist.server('series/series-writer'));
const { calendarOf } = require(dist.server('series/calendar'));

const THINGS = Number(process.env.BENCH_DRAIN_THINGS ?? 10_000);
const REPORTS = Number(process.env.BENCH_DRAIN_REPORTS ?? 8);
const ROUNDS = Number(process.env.BENCH_DRAIN_ROUNDS ?? 3);
const KEYS = Array.from({ length: 25 }, (_, k) => (k < 5 ? `ActPwr${['Pve', 'Grid', 'Bat', 'Load', 'Ev'][k]}` : `Metric${k}`));
const REPORT_MS = 5000;
const T0 = Date.parse('2026-06-01T10:00:00Z');

/** The fleet's reports as journal rows of 100 reports each, power samples holding from the report before. */
function journalRows() {
  const rows = [];
  for (let r = 0; r < REPORTS; r++)
    for (let first = 0; first < THINGS; first += 100) {
      const held = [];
      for (let t = first; t < Math.min(first + 100, THINGS); t++) {
        const ts = T0 + r * REPORT_MS + t;
        held.push({
          thingName: `bench-drain-${t}`,
          samples: KEYS.map((metricKey, k) => ({
            sample: { metricKey, ts, value: ((t * 31 + k * 7 + r) % 5000) + 0.5 },
            ...(k < 5 && r > 0 ? { previousTs: ts - REPORT_MS } : {}),
          })),
        });
      }
      rows.push(journalText(held));
    }
  return rows;
}

/** Kysely compiling PostgreSQL's statements and running none. */
const compileOnly = new Kysely({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const cpuMs = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function drain(rows) {
  const writer = new SeriesWriter();
  const calendar = calendarOf('Europe/Prague');
  const store = {
    calendarsOf: async (_db, names) => new Map(names.map((name) => [name, calendar])),
    writeRollupsOf: (db, things) => writer.writeRollupsOf(db, things),
  };
  const pending = new PendingRollups(store);
  const start = process.cpuUsage();
  for (const row of rows) await pending.add(compileOnly, heldOf(row));
  const gathered = cpuMs(start);
  const samples = pending.samples;
  await pending.write(compileOnly);
  return { samples, gatherMs: gathered, writeMs: cpuMs(start) - gathered };
}

async function main() {
  const rows = journalRows();
  console.log(
    `Roll-up drain: ${THINGS.toLocaleString('en')} plants × ${KEYS.length} metrics × ${REPORTS} reports in ${rows.length} journal rows, ${ROUNDS} drains (CPU of this process)`,
  );
  const fmt = (ms, samples) => `${((ms * 1000) / samples).toFixed(2)} µs`;
  for (let round = 1; round <= ROUNDS; round++) {
    // each drain starts on a collected heap (node --expose-gc): the last one's garbage is not its cost
    globalThis.gc?.();
    const { samples, gatherMs, writeMs } = await drain(rows);
    console.log(
      `  drain ${round}: ${samples.toLocaleString('en')} samples; gathering ${fmt(gatherMs, samples)}, roll-ups and their upserts ${fmt(writeMs, samples)}: ${fmt(gatherMs + writeMs, samples)} a sample`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
