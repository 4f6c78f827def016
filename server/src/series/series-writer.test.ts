// Roll-ups against the raw samples they summarise, written through the shadow store as live reports are.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ShadowStore } from '../iot/shadows/shadow-store';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { calendarOf } from './calendar';
import { rollUpStoredSamples } from './migrations/005-rollups';
import { MAX_METRIC_KEYS_PER_PLANT, SeriesWriter } from './series-writer';

const START = Date.parse('2025-03-29T21:00:00Z'); // crosses local midnight and the spring clock change in Prague
const STEP = 5 * 60_000;

describe.each(databaseTargets())('series writer on $name', (target) => {
  let db: Kysely<Database>;
  let store: ShadowStore;
  const thing = 'series-writer-1';

  beforeAll(async () => {
    db = await target.create();
    await insertPlant(db, await insertTenant(db), thing);
    store = new ShadowStore(db);
    let soc = 40;
    for (let i = 0; i < 72; i++) {
      soc = Math.max(10, Math.min(95, soc + Math.sin(i) * 7));
      const ts = START + i * STEP;
      await store.applyReported(thing, { ActPwrPve: 1200, BatSoc: Math.round(soc * 10) / 10, OperMode: 'idle' }, ts, ts);
    }
    // QoS 1 redelivers; a late report fills an earlier gap.
    await store.applyReported(thing, { ActPwrPve: 1200, BatSoc: 55 }, START + 10 * STEP, START + 10 * STEP);
    await store.applyReported(thing, { BatSoc: 12.5 }, START + 10 * STEP + 90_000, START + 10 * STEP + 90_000);
  });
  afterAll(() => target.destroy());

  async function rawBuckets(granularity: 'hour' | 'day' | 'month') {
    const calendar = calendarOf('Europe/Prague');
    const raw = await db.selectFrom('metric_samples').selectAll().where('thing_name', '=', thing).orderBy('ts').execute();
    const buckets = new Map<string, { count: number; sum: number; min: number; max: number; last: number }>();
    for (const s of raw) {
      const id = `${s.metric_key}|${calendar.bucketStart(granularity, Number(s.ts))}`;
      const b = buckets.get(id) ?? { count: 0, sum: 0, min: Infinity, max: -Infinity, last: NaN };
      buckets.set(id, {
        count: b.count + 1,
        sum: b.sum + s.value,
        min: Math.min(b.min, s.value),
        max: Math.max(b.max, s.value),
        last: s.value,
      });
    }
    return buckets;
  }

  async function hourEnergy() {
    const rows = await db
      .selectFrom('metric_rollups')
      .select(['metric_key', 'bucket', 'energy_wh'])
      .where('thing_name', '=', thing)
      .where('granularity', '=', 'hour')
      .execute();
    return new Map(rows.map((r) => [`${r.metric_key}|${Number(r.bucket)}`, r.energy_wh]));
  }

  async function rollups(granularity: 'hour' | 'day' | 'month') {
    const rows = await db
      .selectFrom('metric_rollups')
      .selectAll()
      .where('thing_name', '=', thing)
      .where('granularity', '=', granularity)
      .execute();
    return new Map(
      rows.map((r) => [
        `${r.metric_key}|${Number(r.bucket)}`,
        { count: r.sample_count, sum: r.value_sum, min: r.value_min, max: r.value_max, last: r.last_value },
      ]),
    );
  }

  it.each(['hour', 'day', 'month'] as const)('keeps %s roll-ups equal to the raw samples, each counted once', async (granularity) => {
    const expected = await rawBuckets(granularity);
    const actual = await rollups(granularity);
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [id, want] of expected) {
      const got = actual.get(id);
      expect([id, got?.count, got?.min, got?.max, got?.last]).toEqual([id, want.count, want.min, want.max, want.last]);
      expect(got?.sum).toBeCloseTo(want.sum, 6);
    }
    const total = [...actual.values()].reduce((n, r) => n + r.count, 0);
    expect(total).toBe(72 * 2 + 1);
  });

  it('starts the day buckets at midnight in Prague and integrates power into energy', async () => {
    const days = await db
      .selectFrom('metric_rollups')
      .select(['bucket', 'energy_wh', 'sample_count'])
      .where('thing_name', '=', thing)
      .where('granularity', '=', 'day')
      .where('metric_key', '=', 'ActPwrPve')
      .orderBy('bucket')
      .execute();
    expect(days.map((d) => new Date(Number(d.bucket)).toISOString())).toEqual(['2025-03-28T23:00:00.000Z', '2025-03-29T23:00:00.000Z']);
    // 1200 W held for 71 intervals of 5 minutes (the first sample has none before it).
    expect(days.reduce((wh, d) => wh + d.energy_wh, 0)).toBeCloseTo((1200 * 71 * 5) / 60, 6);
    const hours = await db
      .selectFrom('metric_rollups')
      .select(['bucket', 'energy_wh'])
      .where('thing_name', '=', thing)
      .where('granularity', '=', 'hour')
      .where('metric_key', '=', 'ActPwrPve')
      .orderBy('bucket')
      .execute();
    for (const hour of hours.slice(1, -1)) expect(hour.energy_wh).toBeCloseTo(1200, 6);
  });

  it('builds the same roll-ups again from the raw samples alone', async () => {
    const before = await rollups('hour');
    const energyBefore = await hourEnergy();
    await db.deleteFrom('metric_rollups').execute();
    await rollUpStoredSamples(db as Kysely<unknown>);
    const after = await rollups('hour');
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [id, want] of before) {
      expect(after.get(id)?.count).toBe(want.count);
      expect(after.get(id)?.sum).toBeCloseTo(want.sum, 6);
    }
    // the energy of each hour too, the share of an interval that began in the hour before included
    const energyAfter = await hourEnergy();
    expect([...energyAfter.keys()].sort()).toEqual([...energyBefore.keys()].sort());
    for (const [id, wh] of energyBefore) expect(energyAfter.get(id)).toBeCloseTo(wh, 6);
    const energy = await db
      .selectFrom('metric_rollups')
      .select((eb) => eb.fn.sum<number>('energy_wh').as('wh'))
      .where('granularity', '=', 'month')
      .where('metric_key', '=', 'ActPwrPve')
      .executeTakeFirstOrThrow();
    expect(Number(energy.wh)).toBeCloseTo((1200 * 71 * 5) / 60, 6);
  });
});

describe.each(databaseTargets())('metric keys per plant on $name', (target) => {
  let db: Kysely<Database>;
  const thing = 'key-flood-1';

  beforeAll(async () => {
    db = await target.create();
    await insertPlant(db, await insertTenant(db), thing);
  });
  afterAll(() => target.destroy());

  const storedKeys = async () =>
    (await db.selectFrom('metric_samples').select('metric_key').distinct().where('thing_name', '=', thing).execute()).map(
      (r) => r.metric_key,
    );

  it('stores no new key past the cap, however the gateway deletes and invents keys, and keeps the known ones', async () => {
    const store = new ShadowStore(db);
    const ts = Date.parse('2025-05-01T10:00:00Z');
    // 40 reports of 10 fresh keys each, every old key deleted (null) first: the shadow stays small
    let previous: string[] = [];
    for (let round = 0; round < 40; round++) {
      const fresh = Array.from({ length: 10 }, (_, i) => `Junk${round}_${i}`);
      const report = Object.fromEntries([...previous.map((k) => [k, null]), ...fresh.map((k) => [k, round])]);
      await store.applyReported(thing, report, ts + round * 1000, ts + round * 1000);
      previous = fresh;
    }
    expect((await storedKeys()).length).toBe(MAX_METRIC_KEYS_PER_PLANT);
    // a fresh writer (another process, a restart) reads the keys back and holds the same cap
    const again = new ShadowStore(db);
    await again.applyReported(thing, { Junk0_0: 7, Brand_new: 1 }, ts + 100_000, ts + 100_000);
    const keys = await storedKeys();
    expect(keys).toHaveLength(MAX_METRIC_KEYS_PER_PLANT);
    expect(keys).not.toContain('Brand_new');
    const known = await db
      .selectFrom('metric_samples')
      .select('value')
      .where('thing_name', '=', thing)
      .where('metric_key', '=', 'Junk0_0')
      .where('ts', '=', ts + 100_000)
      .execute();
    expect(known).toEqual([{ value: 7 }]);
  });

  it("reads the stored keys of a batch's things it does not know yet in one statement, as after a restart", async () => {
    const things = ['key-batch-1', 'key-batch-2', 'key-batch-3'];
    const ts = Date.parse('2025-05-02T10:00:00Z');
    const batch = (at: number, keys: string[]) =>
      things.map((thingName) => ({ thingName, samples: keys.map((metricKey) => ({ metricKey, ts: at, value: 1 })) }));
    await new SeriesWriter().writeSamplesOf(db, batch(ts, ['ActPwrPve']));
    let keyReads = 0;
    const watched = db.withPlugin({
      transformQuery: (args) => {
        const node = JSON.stringify(args.node);
        if (args.node.kind === 'SelectQueryNode' && node.includes('"metric_rollups"') && node.includes('"Distinct"')) keyReads++;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const restarted = new SeriesWriter();
    await restarted.writeSamplesOf(watched, batch(ts + 5000, ['ActPwrPve', 'BatSoc']));
    expect(keyReads).toBe(1);
    expect(restarted.cachedThings().keys).toBe(3);
    // the keys it read count toward the cap: only BatSoc was new to each thing
    const month = await db
      .selectFrom('metric_rollups')
      .select(['thing_name', 'metric_key'])
      .where('thing_name', 'in', things)
      .where('granularity', '=', 'month')
      .orderBy('thing_name')
      .orderBy('metric_key')
      .execute();
    expect(month.map((r) => `${r.thing_name}:${r.metric_key}`)).toEqual(things.flatMap((t) => [`${t}:ActPwrPve`, `${t}:BatSoc`]));
  });
  it("reads the calendars of things it does not know in one statement for plants and one for the rest (a drain's fleet)", async () => {
    const writer = new SeriesWriter();
    let reads = 0;
    const watched = db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode' && /"(plants|chargers)"/.test(JSON.stringify(args.node))) reads++;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const calendars = await writer.calendarsOf(watched, [thing, 'key-batch-1', 'no-such-thing', thing]);
    expect(reads).toBe(2); // the plants, then the chargers for the thing no plant has
    expect(calendars.get(thing)).toBe(calendarOf('Europe/Prague'));
    expect(calendars.get('no-such-thing')).toBe(calendarOf('UTC'));
    expect(calendars.size).toBe(3);
    await writer.calendarsOf(watched, [thing, 'no-such-thing']);
    expect(reads).toBe(2); // remembered
  });
});

describe.each(databaseTargets().filter((t) => t.name === 'sqlite'))('series writer memory on $name', (target) => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  it('remembers the time zones and keys of at most its bound of things, and stores the samples of every one', async () => {
    const tenantId = await insertTenant(db);
    const writer = new SeriesWriter(5);
    const ts = Date.parse('2025-05-01T10:00:00Z');
    const things = Array.from({ length: 12 }, (_, i) => `bounded-writer-${i}`);
    for (const thing of things) {
      await insertPlant(db, tenantId, thing);
      await writer.writeSamples(db, thing, [{ metricKey: 'ActPwrPve', ts, value: 100 }]);
      await writer.calendarOf(db, thing);
    }
    expect(writer.cachedThings()).toEqual({ zones: 5, keys: 5 });
    // a thing forgotten writes again, reading its keys back
    await writer.writeSamples(db, things[0]!, [{ metricKey: 'ActPwrPve', ts: ts + 5000, value: 200 }]);
    expect(writer.cachedThings().keys).toBe(5);
    const stored = await db.selectFrom('metric_samples').select('thing_name').where('thing_name', 'like', 'bounded-writer-%').execute();
    expect(stored).toHaveLength(things.length + 1);
    expect(new SeriesWriter().cachedThings()).toEqual({ zones: 0, keys: 0 });
  });
});
