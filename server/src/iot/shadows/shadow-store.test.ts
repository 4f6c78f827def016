import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { ShadowStore, type ShadowChange } from './shadow-store';

describe.each(databaseTargets())('ShadowStore on $name', (target) => {
  let db: Kysely<Database>;

  beforeAll(async () => {
    db = await target.create();
  });

  afterAll(async () => {
    await target.destroy();
  });

  let n = 0;
  const thing = () => `store-thing-${++n}`;

  it('creates a shadow from the first report and reads it back', async () => {
    const name = thing();
    const store = new ShadowStore(db);
    expect(await store.get(name)).toBeUndefined();
    const change = await store.applyReported(name, { ActPwrPve: 1200, OperMode: 'self-consumption' }, 1_000);
    expect(change.changed).toBe(true);
    expect(await store.get(name)).toEqual({
      state: { reported: { ActPwrPve: 1200, OperMode: 'self-consumption' }, desired: {} },
      metadata: { reported: { ActPwrPve: { timestamp: 1_000 }, OperMode: { timestamp: 1_000 } }, desired: {} },
      version: 1,
      timestamp: 1_000,
    });
  });

  it('keeps shadows across a restart: a new store instance reads the same state', async () => {
    const name = thing();
    const before = new ShadowStore(db);
    await before.applyReported(name, { a: 1, nested: { b: [1, 2] } }, 1_000);
    await before.setDesired(name, { a: 2 }, 2_000);
    const after = new ShadowStore(db);
    expect(await after.get(name)).toEqual(await before.get(name));
    const next = await after.applyReported(name, { a: 2 }, 3_000);
    expect(next.doc.version).toBe(3);
    expect(next.doc.state.reported).toEqual({ a: 2, nested: { b: [1, 2] } });
  });

  it('tells listeners whether the state and the delta changed', async () => {
    const name = thing();
    const store = new ShadowStore(db);
    const changes: ShadowChange[] = [];
    const unsubscribe = store.onChange((c) => changes.push(c));
    await store.applyReported(name, { OperMode: 'self-consumption' }, 1_000);
    await store.setDesired(name, { OperMode: 'idle' }, 2_000);
    await store.applyReported(name, { OperMode: 'self-consumption' }, 3_000); // same value again
    await store.applyReported(name, { OperMode: 'idle' }, 4_000);
    unsubscribe();
    await store.applyReported(name, { OperMode: 'backup' }, 5_000);
    expect(changes.map((c) => [c.changed, c.deltaChanged, c.doc.version])).toEqual([
      [true, false, 1],
      [true, true, 2],
      [false, false, 2],
      [true, true, 3],
    ]);
    expect(changes[2]?.doc.metadata.reported.OperMode).toEqual({ timestamp: 3_000 });
  });

  it('stores every numeric reported value as a sample, nested ones by path, EvConnected as 1 / 0, duplicates once', async () => {
    const name = thing();
    const store = new ShadowStore(db);
    const report = { ActPwrPve: 1500.5, OperMode: 'idle', EvConnected: true, HeaterOn: true, inverter: { temp: 41 } };
    await store.applyReported(name, report, 10_000, 9_000);
    await store.applyReported(name, report, 10_001, 9_000); // QoS 1 redelivery
    const rows = await db.selectFrom('metric_samples').selectAll().where('thing_name', '=', name).orderBy('metric_key').execute();
    expect(rows).toEqual([
      { thing_name: name, metric_key: 'ActPwrPve', ts: 9_000, value: 1500.5 },
      // Sessions are derived from it; other flags are state, not series.
      { thing_name: name, metric_key: 'EvConnected', ts: 9_000, value: 1 },
      { thing_name: name, metric_key: 'inverter.temp', ts: 9_000, value: 41 },
    ]);
  });

  it('serializes concurrent updates of one thing so none is lost', async () => {
    const name = thing();
    const store = new ShadowStore(db);
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.applyReported(name, { [`k${i}`]: i }, 1_000 + i)));
    const doc = await store.get(name);
    expect(Object.keys(doc?.state.reported ?? {})).toHaveLength(20);
    expect(doc?.version).toBe(20);
  });

  it('loses no update when two store instances (two servers) write the same thing at once', async () => {
    const name = thing();
    const a = new ShadowStore(db);
    const b = new ShadowStore(db);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => [
        a.applyReported(name, { [`a${i}`]: i }, 1_000 + i),
        b.setDesired(name, { [`b${i}`]: i }, 2_000 + i),
      ]).flat(),
    );
    const doc = await a.get(name);
    expect(Object.keys(doc?.state.reported ?? {})).toHaveLength(10);
    expect(Object.keys(doc?.state.desired ?? {})).toHaveLength(10);
    expect(doc?.version).toBe(20);
  });

  describe('reads from memory while the stored row is unchanged', () => {
    it('hands out the kept document until a write, then the written one', async () => {
      const name = thing();
      const store = new ShadowStore(db);
      await store.applyReported(name, { ActPwrPve: 1 }, 1_000);
      const first = await store.get(name);
      expect(await store.get(name)).toBe(first); // the same object: nothing was read or parsed again
      await store.setDesired(name, { OperMode: 'backup' }, 2_000);
      const second = await store.get(name);
      expect(second).not.toBe(first);
      expect(second?.state.desired).toEqual({ OperMode: 'backup' });
      expect(second?.version).toBe(2);
    });

    it('sees a write by another instance (another server on the same database) at the next read', async () => {
      const name = thing();
      const here = new ShadowStore(db);
      const there = new ShadowStore(db);
      await here.applyReported(name, { ActPwrPve: 1 }, 1_000);
      expect((await here.get(name))?.state.reported).toEqual({ ActPwrPve: 1 });
      await there.setDesired(name, { OperMode: 'backup' }, 2_000);
      expect((await here.get(name))?.state.desired).toEqual({ OperMode: 'backup' });
      // A report that changes no value keeps the version but not the update time: seen too.
      await there.applyReported(name, { ActPwrPve: 1 }, 3_000);
      const doc = await here.get(name);
      expect(doc?.version).toBe(2);
      expect(doc?.metadata.reported).toEqual({ ActPwrPve: { timestamp: 3_000 } });
      expect(doc).toEqual(await new ShadowStore(db).get(name));
    });

    it('forgets a shadow whose row is gone', async () => {
      const name = thing();
      const store = new ShadowStore(db);
      await store.applyReported(name, { ActPwrPve: 1 }, 1_000);
      await db.deleteFrom('shadows').where('thing_name', '=', name).execute();
      expect(await store.get(name)).toBeUndefined();
    });
  });
});
