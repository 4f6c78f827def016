// Samples stored for a set of things, raw rows (a row a report in metric_reports, a row a sample in
// metric_samples) and packed blocks alike (issue 38): the packing job moves every closed hour from the
// raw tables into metric_blocks 20 minutes after it ends, so a run longer
// than that which counted metric_samples alone would count the packed samples as lost. A block says
// how many samples it holds (sample_count); counting them by time unpacks the blocks that reach the
// range (the server's own codec, from its build). `query(text, params)` answers rows for either engine:
// pgQuery(client) or sqliteQuery(database).
'use strict';
const dist = require('./dist-paths');

const pgQuery = (client) => async (text, params) => (await client.query(text, params)).rows;
const sqliteQuery = (database) => async (text, params) => database.prepare(text.replace(/\$\d+/g, '?')).all(...params);

/**
 * How many samples the things whose names are LIKE `thingLike` have stored, in one statement: one
 * snapshot of the three tables. Counted in three, report rows that the packing job moved into blocks
 * between the second and the third counted twice (most likely why a 45-minute run that ended while its
 * hour was being packed counted 600 samples more than were sent: the count stops at what was sent).
 */
async function countStoredSamples(query, thingLike) {
  const [row] = await query(
    `SELECT (SELECT count(*) FROM metric_samples WHERE thing_name LIKE $1)
      + (SELECT coalesce(sum(sample_count), 0) FROM metric_reports WHERE thing_name LIKE $2)
      + (SELECT coalesce(sum(sample_count), 0) FROM metric_blocks WHERE thing_name LIKE $3) AS n`,
    [thingLike, thingLike, thingLike],
  );
  return Number(row.n);
}

/** Samples stored at each time from `since` on (Map of ts → count), raw and packed. */
async function countStoredSamplesByTime(query, thingLike, since) {
  const { unpackBlock } = require(dist.server('series/block-codec'));
  const counts = new Map();
  const add = (ts, n) => counts.set(ts, (counts.get(ts) ?? 0) + n);
  const raw = await query('SELECT ts, count(*) AS n FROM metric_samples WHERE thing_name LIKE $1 AND ts >= $2 GROUP BY ts', [
    thingLike,
    since,
  ]);
  for (const r of raw) add(Number(r.ts), Number(r.n));
  const reports = await query('SELECT ts, sum(sample_count) AS n FROM metric_reports WHERE thing_name LIKE $1 AND ts >= $2 GROUP BY ts', [
    thingLike,
    since,
  ]);
  for (const r of reports) add(Number(r.ts), Number(r.n));
  const blocks = await query('SELECT data FROM metric_blocks WHERE thing_name LIKE $1 AND last_ts >= $2', [thingLike, since]);
  for (const b of blocks) for (const s of unpackBlock(b.data)) if (s.ts >= since) add(s.ts, 1);
  return counts;
}

/**
 * Samples the things (a list of names) have stored, in either raw table and in blocks; those of
 * `metricKey` only when it is given (a report row holds a key once). `db`: the server's Kysely database.
 */
async function countSamplesOf(db, things, metricKey) {
  const { keyNeedle, reportHas } = require(dist.server('series/report-rows'));
  const sum = (eb, column) => eb.fn.coalesce(eb.fn.sum(column), eb.lit(0)).as('n');
  let rows = db
    .selectFrom('metric_samples')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('thing_name', 'in', things);
  let reports = db.selectFrom('metric_reports').where('thing_name', 'in', things);
  let blocks = db
    .selectFrom('metric_blocks')
    .select((eb) => sum(eb, 'sample_count'))
    .where('thing_name', 'in', things);
  if (metricKey === undefined) reports = reports.select((eb) => sum(eb, 'sample_count'));
  else {
    rows = rows.where('metric_key', '=', metricKey);
    reports = reports.select((eb) => eb.fn.countAll().as('n')).where(reportHas(db, 'metric_keys', keyNeedle(metricKey)));
    blocks = blocks.where('metric_key', '=', metricKey);
  }
  const counts = await Promise.all([rows, reports, blocks].map((q) => q.executeTakeFirstOrThrow()));
  return counts.reduce((n, c) => n + Number(c.n), 0);
}

module.exports = { countSamplesOf, countStoredSamples, countStoredSamplesByTime, pgQuery, sqliteQuery };
