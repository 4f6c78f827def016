// Samples stored for a set of things, raw rows and packed blocks alike (issue 38): the packing job moves
// every closed hour from metric_samples into metric_blocks 20 minutes after it ends, so a run longer
// than that which counted metric_samples alone would count the packed samples as lost. A block says
// how many samples it holds (sample_count); counting them by time unpacks the blocks that reach the
// range (the server's own codec, from its build). `query(text, params)` answers rows for either engine:
// pgQuery(client) or sqliteQuery(database).
'use strict';
const dist = require('./dist-paths');

const pgQuery = (client) => async (text, params) => (await client.query(text, params)).rows;
const sqliteQuery = (database) => async (text, params) => database.prepare(text.replace(/\$\d+/g, '?')).all(...params);

/** How many samples the things whose names are LIKE `thingLike` have stored. */
async function countStoredSamples(query, thingLike) {
  const [raw] = await query('SELECT count(*) AS n FROM metric_samples WHERE thing_name LIKE $1', [thingLike]);
  const [packed] = await query('SELECT coalesce(sum(sample_count), 0) AS n FROM metric_blocks WHERE thing_name LIKE $1', [thingLike]);
  return Number(raw.n) + Number(packed.n);
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
  const blocks = await query('SELECT data FROM metric_blocks WHERE thing_name LIKE $1 AND last_ts >= $2', [thingLike, since]);
  for (const b of blocks) for (const s of unpackBlock(b.data)) if (s.ts >= since) add(s.ts, 1);
  return counts;
}

module.exports = { countStoredSamples, countStoredSamplesByTime, pgQuery, sqliteQuery };
