// Bytes a sample at rest (issue 38), for bench:series and `npm run bench`: a table's bytes with its
// indexes, and VictoriaMetrics' bytes for the same samples when Debian's `victoria-metrics` is
// installed (started on 127.0.0.1:BENCH_VM_PORT, 20428, the samples imported, flushed and merged, its
// data directory measured, stopped), else a reason it was skipped.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { sql } = require('kysely');
const dist = require('./dist-paths');
const { isPostgres } = require(dist.server('db/dialect'));
const { packClosedHours, PACK_AFTER_MS, seriesByThing } = require(dist.server('series/series-packer'));
const { blockStart, readStoredSamples } = require(dist.server('series/stored-samples'));
const { groupedBy } = require(dist.server('grouped-by'));

const VM_PORT = Number(process.env.BENCH_VM_PORT ?? 20428);
const VM_BINARY = process.env.BENCH_VM_BINARY ?? '/usr/bin/victoria-metrics';

/**
 * Bytes of a table with its indexes: SQLite's pages of each (dbstat; freed pages are the file's, not
 * the table's); PostgreSQL's main forks of the table, its TOAST table and index and its indexes after
 * a VACUUM FULL, so the space of the hour blocks a day block replaced, which later blocks reuse, is not
 * counted as theirs; without the free-space and visibility maps, a few fixed pages a relation.
 */
async function tableBytes(db, table) {
  if (isPostgres(db)) {
    await sql.raw(`vacuum full ${table}`).execute(db);
    const { rows } = await sql`
      select coalesce(sum(pg_relation_size(r.oid, 'main')), 0) as n from pg_class r
      where r.oid = ${table}::regclass
        or r.oid in (select indexrelid from pg_index where indrelid = ${table}::regclass)
        or r.oid = (select reltoastrelid from pg_class where oid = ${table}::regclass)
        or r.oid in (select indexrelid from pg_index where indrelid = (select reltoastrelid from pg_class where oid = ${table}::regclass))`.execute(
      db,
    );
    return Number(rows[0].n);
  }
  const { rows } = await sql`select name from sqlite_master where tbl_name = ${table}`.execute(db);
  let total = 0;
  for (const { name } of rows) {
    const r = await sql`select coalesce(sum(pgsize), 0) as n from dbstat where name = ${name}`.execute(db);
    total += Number(r.rows[0].n);
  }
  return total;
}

/** VictoriaMetrics' bytes a sample for `series`, or a reason it was skipped. */
async function victoriaBytes(series, samples) {
  if (!fs.existsSync(VM_BINARY)) return { skipped: `${VM_BINARY} is not installed (apt-get install victoria-metrics)` };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-bench-vm-'));
  const vm = spawn(
    VM_BINARY,
    [`-storageDataPath=${dataDir}`, `-httpListenAddr=127.0.0.1:${VM_PORT}`, '-retentionPeriod=100y', '-loggerLevel=ERROR'],
    {
      stdio: 'ignore',
    },
  );
  const base = `http://127.0.0.1:${VM_PORT}`;
  try {
    let up = false;
    for (let i = 0; i < 100 && !up; i++) {
      up = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((r) => setTimeout(r, 100));
    }
    if (!up) return { skipped: `victoria-metrics did not answer on ${base}` };
    const body = series.map((s) => JSON.stringify(s)).join('\n');
    const imported = await fetch(`${base}/api/v1/import`, { method: 'POST', body });
    if (!imported.ok) return { skipped: `import answered ${imported.status}` };
    await fetch(`${base}/internal/force_flush`);
    await new Promise((r) => setTimeout(r, 2000));
    await fetch(`${base}/internal/force_merge`);
    await new Promise((r) => setTimeout(r, 3000));
    const stored = await fetch(`${base}/api/v1/query?query=count(count_over_time({__name__!=""}[100y]))`).then((r) => r.json());
    const bytes = duBytes(dataDir);
    return { bytes, perSample: bytes / samples, series: stored?.data?.result?.[0]?.value?.[1] };
  } finally {
    vm.kill('SIGTERM');
    await new Promise((r) => vm.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function duBytes(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += duBytes(p);
    else if (entry.isFile()) total += fs.statSync(p).size;
  }
  return total;
}

/** A series as VictoriaMetrics imports it (its name made a valid metric name). */
const vmSeries = (thingName, metricKey, samples) => ({
  metric: { __name__: metricKey.replace(/[^a-zA-Z0-9_:]/g, '_'), thing: thingName },
  values: samples.map((s) => s.value),
  timestamps: samples.map((s) => s.ts),
});

/** Raw rows (thing_name, metric_key, ts, value; each series' in time order) as VictoriaMetrics imports them. */
function vmSeriesOfRows(rows) {
  const bySeries = groupedBy(
    rows,
    (r) => `${r.thing_name}\n${r.metric_key}`,
    (r) => ({ thing: r.thing_name, key: r.metric_key, ts: Number(r.ts), value: Number(r.value) }),
  );
  return [...bySeries.values()].map((samples) => vmSeries(samples[0].thing, samples[0].key, samples));
}

/**
 * A live database at rest: everything closed packed by the packing job's own function, then the
 * blocks' bytes a sample, and VictoriaMetrics' for the same samples read back through the readers
 * (a server that packed some of them already leaves nothing to tell apart).
 */
async function packedAtRest(db, now) {
  await packClosedHours(db, now);
  const cutoff = blockStart(now - PACK_AFTER_MS);
  const keysOf = await seriesByThing(db);
  const series = [];
  let samples = 0;
  for (const [thing, keys] of keysOf)
    for (const [key, stored] of await readStoredSamples(db, thing, keys, 0, cutoff)) {
      series.push(vmSeries(thing, key, stored));
      samples += stored.length;
    }
  const inBlocks = await db
    .selectFrom('metric_blocks')
    .select((eb) => eb.fn.sum('sample_count').as('n'))
    .executeTakeFirstOrThrow();
  const packed = Number(inBlocks.n ?? 0);
  const blockBytes = await tableBytes(db, 'metric_blocks');
  const vm = await victoriaBytes(series, samples);
  return { samples, packed, helio: packed > 0 ? blockBytes / packed : NaN, vm };
}

module.exports = { packedAtRest, tableBytes, victoriaBytes, vmSeries, vmSeriesOfRows };
