// The closed-bucket cache answers exactly what the roll-up read answers, and notices every change of
// a closed bucket: late samples written through this process or another one (another writer on the
// same database), on SQLite and PostgreSQL.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { calendarOf } from './calendar';
import { ClosedBucketCache } from './closed-buckets';
import { readRollupRows, type SeriesRow } from './series-reader';
import { segmentsText } from '../http/json-segments';
import type { Sample } from './rollup';
import { SeriesWriter } from './series-writer';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STEP = 15 * 60_000;
// 40 days of quarter-hour samples across a month boundary; "now" is in the middle of the last day.
const FIRST = Date.parse('2025-05-10T00:00:00Z');
const NOW = FIRST + 40 * DAY - 12 * HOUR;
const KEYS = ['ActPwrPve', 'BatSoc'];

describe.each(databaseTargets())('closed-bucket cache on $name', (target) => {
  let db: Kysely<Database>;
  const thing = 'closed-buckets-1';
  const calendar = calendarOf('Europe/Prague');
  let now = NOW;

  beforeAll(async () => {
    db = await target.create();
    await insertPlant(db, await insertTenant(db), thing);
    const samples: Sample[] = [];
    for (let ts = FIRST; ts < NOW; ts += STEP) {
      const i = (ts - FIRST) / STEP;
      samples.push({ metricKey: 'ActPwrPve', ts, value: 1000 + (i % 37) }, { metricKey: 'BatSoc', ts, value: 40 + (i % 11) });
    }
    await db.transaction().execute((trx) => new SeriesWriter().writeSamples(trx, thing, samples));
  });
  afterAll(() => target.destroy());

  const query = (rollup: 'hour' | 'day' | 'month', start: number, end: number, metricKeys = KEYS) => ({
    thingName: thing,
    calendar,
    rollup,
    metricKeys,
    from: calendar.bucketStart(rollup, start),
    end,
  });
  const direct = (q: ReturnType<typeof query>) => readRollupRows(db, q.thingName, q.rollup, q.metricKeys, q.from, q.end);
  // The cache answers JSON array items; parsed, they must be the rows the roll-up read gives.
  const rowsOf = async (c: ClosedBucketCache, q: ReturnType<typeof query>) =>
    JSON.parse(`[${segmentsText(await c.read(db, q))}]`) as SeriesRow[];
  const cache = () => new ClosedBucketCache({ now: () => now });
  const write = (samples: { metricKey: string; ts: number; value: number }[]) =>
    db.transaction().execute((trx) => new SeriesWriter().writeSamples(trx, thing, samples));

  it('answers what the roll-ups hold, for ranges inside, across and after the closed buckets', async () => {
    const c = cache();
    const ranges: [number, number][] = [
      [FIRST, NOW], // all of it
      [FIRST + 5 * DAY + 7 * STEP, NOW], // a later start: served from the same entries
      [FIRST + 2 * DAY, FIRST + 9 * DAY + 3 * HOUR], // ends among the closed buckets
      [NOW - 6 * HOUR, NOW + DAY], // only open buckets
      [FIRST - 30 * DAY, NOW + 30 * DAY], // an earlier start: read again
    ];
    for (const rollup of ['hour', 'day', 'month'] as const) {
      for (const [start, end] of ranges) {
        expect(await rowsOf(c, query(rollup, start, end))).toEqual(await direct(query(rollup, start, end)));
      }
    }
    expect(await rowsOf(c, query('hour', FIRST, NOW, ['BatSoc']))).toEqual(await direct(query('hour', FIRST, NOW, ['BatSoc'])));
    expect(await rowsOf(c, query('hour', FIRST, NOW, ['NoSuchKey', 'ActPwrPve']))).toEqual(
      await direct(query('hour', FIRST, NOW, ['ActPwrPve'])),
    );
    expect(c.size).toBeGreaterThan(0);
  });

  it('serves closed buckets from memory: a change that bypasses the samples is not seen', async () => {
    const c = cache();
    const q = query('hour', FIRST, NOW);
    await rowsOf(c, q);
    const closedBucket = calendar.bucketStart('hour', FIRST + 3 * DAY);
    const edit = (value: number) =>
      db
        .updateTable('metric_rollups')
        .set({ value_max: value })
        .where('thing_name', '=', thing)
        .where('granularity', '=', 'hour')
        .where('metric_key', '=', 'BatSoc')
        .where('bucket', '=', closedBucket)
        .execute();
    const before = (await direct(q)).find((r) => r.metricKey === 'BatSoc' && Date.parse(r.time) === closedBucket);
    await edit(999);
    try {
      const cached = (await rowsOf(c, q)).find((r) => r.metricKey === 'BatSoc' && Date.parse(r.time) === closedBucket);
      expect(cached?.max).toBe(before?.max);
      expect(cached?.max).not.toBe(999);
    } finally {
      await edit(before?.max as number);
    }
  });

  it('sees a late sample in a closed bucket, written here or by another instance', async () => {
    const c = cache();
    const q = query('hour', FIRST, NOW);
    await rowsOf(c, q);
    const late = FIRST + 3 * DAY + 90_000; // between two stored samples, days ago
    await write([{ metricKey: 'BatSoc', ts: late, value: 5000 }]);
    const rows = await rowsOf(c, q);
    const bucket = rows.find((r) => r.metricKey === 'BatSoc' && Date.parse(r.time) === calendar.bucketStart('hour', late));
    expect(bucket?.max).toBe(5000);
    expect(bucket?.count).toBe(5);
    expect(rows).toEqual(await direct(q));
  });

  it('sees live samples of today at once, and the closed ones when a day passes', async () => {
    const c = cache();
    const q = query('hour', FIRST, NOW + DAY);
    await rowsOf(c, q);
    await write([
      { metricKey: 'ActPwrPve', ts: NOW, value: 4321 },
      { metricKey: 'ActPwrPve', ts: NOW + STEP, value: 4322 },
    ]);
    const live = (await rowsOf(c, q)).find(
      (r) => r.metricKey === 'ActPwrPve' && Date.parse(r.time) === calendar.bucketStart('hour', NOW + STEP),
    );
    expect(live?.last).toBe(4322);
    expect(await rowsOf(c, q)).toEqual(await direct(q));
    now = NOW + 2 * DAY; // yesterday's buckets have closed since
    try {
      expect(await rowsOf(c, q)).toEqual(await direct(q));
    } finally {
      now = NOW;
    }
  });

  it('keeps at most its row limit and still answers every range', async () => {
    const c = new ClosedBucketCache({ now: () => now, maxRows: 1500 });
    for (const rollup of ['hour', 'day'] as const) {
      const q = query(rollup, FIRST, NOW);
      expect(await rowsOf(c, q)).toEqual(await direct(q));
      expect(c.size).toBeLessThanOrEqual(1500);
    }
  });
});
