// Reports of many things written together (shadow-writes.ts): what one transaction of a batch must
// keep of what a transaction per report gave.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { ShadowLimitError } from './shadow-limits';
import { ShadowStore } from './shadow-store';

describe.each(databaseTargets())('reports written together on $name', (target) => {
  let db: Kysely<Database>;

  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => target.destroy());

  let n = 0;
  const things = (count: number) => Array.from({ length: count }, () => `batch-thing-${++n}`);
  const samplesOf = (names: string[]) =>
    db.selectFrom('metric_samples').select(['thing_name', 'metric_key', 'value']).where('thing_name', 'in', names).execute();

  it('writes reports of many things that arrive together in one transaction, each with its samples and roll-ups', async () => {
    const names = things(60);
    const store = new ShadowStore(db);
    const transactions = jest.spyOn(db, 'transaction');
    const changes = await Promise.all(names.map((name, i) => store.applyReported(name, { ActPwrPve: i, OperMode: 'idle' }, 1_000)));
    expect(transactions).toHaveBeenCalledTimes(1);
    transactions.mockRestore();
    expect(changes.map((c) => [c.thingName, c.doc.version, c.doc.state.reported.ActPwrPve])).toEqual(names.map((name, i) => [name, 1, i]));
    const samples = await samplesOf(names);
    expect(samples).toHaveLength(60);
    const hours = await db
      .selectFrom('metric_rollups')
      .select(['thing_name', 'sample_count', 'value_sum'])
      .where('thing_name', 'in', names)
      .where('granularity', '=', 'hour')
      .execute();
    expect(hours.map((h) => [h.thing_name, h.sample_count, h.value_sum]).sort()).toEqual(names.map((name, i) => [name, 1, i]).sort());
    expect(await new ShadowStore(db).get(names[7] ?? '')).toEqual(changes[7]?.doc);
  });

  it('integrates each thing’s power from its own sample before, when their reports go together', async () => {
    const [early, late] = things(2) as [string, string];
    const store = new ShadowStore(db);
    const t = Date.parse('2025-06-01T10:30:00Z');
    await store.applyReported(early, { ActPwrPve: 0 }, t - 300_000, t - 300_000);
    await store.applyReported(late, { ActPwrPve: 0 }, t - 60_000, t - 60_000);
    await Promise.all([store.applyReported(early, { ActPwrPve: 3600 }, t, t), store.applyReported(late, { ActPwrPve: 3600 }, t, t)]);
    const energy = await db
      .selectFrom('metric_rollups')
      .select(['thing_name', 'energy_wh'])
      .where('thing_name', 'in', [early, late])
      .where('granularity', '=', 'month')
      .orderBy('thing_name')
      .execute();
    // 3600 W held since the thing's sample before: 300 s and 60 s
    expect(energy.map((e) => [e.thing_name, Math.round(e.energy_wh * 1000) / 1000])).toEqual([
      [early, 300],
      [late, 60],
    ]);
  });

  it('refuses a report that would grow its shadow past a limit alone; the others of its batch are stored', async () => {
    const names = things(5);
    const store = new ShadowStore(db);
    const results = await Promise.allSettled(
      names.map((name, i) => store.applyReported(name, i === 2 ? { Note: 'x'.repeat(9000) } : { ActPwrPve: i }, 1_000)),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(ShadowLimitError);
    expect(await store.get(names[2] ?? '')).toBeUndefined();
    expect((await samplesOf(names)).map((s) => s.thing_name).sort()).toEqual([names[0], names[1], names[3], names[4]].sort());
  });

  it('keeps each thing’s reports in order: a second report waits for the batch holding the first', async () => {
    const [name] = things(1) as [string];
    const store = new ShadowStore(db);
    const changes = await Promise.all([1, 2, 3].map((v) => store.applyReported(name, { ActPwrPve: v }, 1_000 + v)));
    expect(changes.map((c) => [c.doc.version, c.previous.state.reported.ActPwrPve])).toEqual([
      [1, undefined],
      [2, 1],
      [3, 2],
    ]);
  });

  it('loses no report when two servers write overlapping batches of the same things at once', async () => {
    const names = things(30);
    const a = new ShadowStore(db);
    const b = new ShadowStore(db);
    const rounds = 3;
    const writes: Promise<unknown>[] = [];
    for (let round = 0; round < rounds; round++) {
      // opposite orders
      for (const name of names) writes.push(a.applyReported(name, { [`a${round}`]: round }, 1_000 + round));
      for (const name of [...names].reverse()) writes.push(b.applyReported(name, { [`b${round}`]: round }, 1_000 + round));
    }
    await Promise.all(writes);
    // none refused as a whole (a deadlock would be): the inserts and the locks go in name order
    expect([a.batchesSplit, b.batchesSplit]).toEqual([0, 0]);
    const fresh = new ShadowStore(db);
    for (const name of names) {
      const doc = await fresh.get(name);
      expect([name, doc?.version, Object.keys(doc?.state.reported ?? {}).length]).toEqual([name, 2 * rounds, 2 * rounds]);
    }
  });

  if (target.name === 'postgres') {
    it('stores the rest of a batch when the database refuses one report of it (a NUL in a key)', async () => {
      const names = things(4);
      const store = new ShadowStore(db);
      const results = await Promise.allSettled(
        names.map((name, i) => store.applyReported(name, { [i === 1 ? 'Bad\u0000Key' : 'ActPwrPve']: i }, 1_000)),
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect(store.batchesSplit).toBe(1);
      expect((await samplesOf(names)).map((s) => s.thing_name).sort()).toEqual([names[0], names[2], names[3]].sort());
    });
  }
});
