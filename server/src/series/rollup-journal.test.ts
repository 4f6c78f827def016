// The roll-up journal: a scaled-out server's batches journal their samples and the drain merges them.
// The roll-ups it leaves must be the ones the samples' own transactions would have written, whatever
// the drains' sizes, a drain that fails after merging, or two drains at once — and a history import's
// rebuild of days whose samples are still in the journal counts them once.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ShadowStore } from '../iot/shadows/shadow-store';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { queueRebuilds, startRollupRebuilder } from '../integrations/rollup-rebuilds';
import { databaseTargets } from '../testing/databases';
import { reportKeys } from './report-rows';
import { drainRollupJournal } from './rollup-journal';
import { SeriesWriter } from './series-writer';

const START = Date.parse('2025-03-29T21:00:00Z'); // crosses local midnight and the spring clock change in Prague
const STEP = 5 * 60_000;

/** A day of reports at 5 min with a gap, a QoS 1 redelivery and a late report, as series-writer.test.ts sends them. */
async function report(store: ShadowStore, thing: string): Promise<void> {
  let soc = 40;
  for (let i = 0; i < 72; i++) {
    if (i >= 30 && i < 36) continue; // a 30-minute gap: the hold is capped at 15 minutes
    soc = Math.max(10, Math.min(95, soc + Math.sin(i) * 7));
    const ts = START + i * STEP;
    await store.applyReported(thing, { ActPwrPve: 1200 + i * 10, ActPwrGrid: -300 + i, BatSoc: Math.round(soc * 10) / 10 }, ts, ts);
  }
  await store.applyReported(thing, { ActPwrPve: 1200, BatSoc: 55 }, START + 10 * STEP, START + 10 * STEP);
  await store.applyReported(thing, { ActPwrPve: 900, BatSoc: 12.5 }, START + 10 * STEP + 90_000, START + 10 * STEP + 90_000);
}

/** Fails a drain once its roll-ups are written, before it commits. */
class FailingWriter extends SeriesWriter {
  override async writeRollupsOf(db: Kysely<Database>, things: Parameters<SeriesWriter['writeRollupsOf']>[1]): Promise<void> {
    await super.writeRollupsOf(db, things);
    throw new Error('the drain failed after merging');
  }
}

describe.each(databaseTargets())('roll-up journal on $name', (target) => {
  let db: Kysely<Database>;

  beforeAll(async () => {
    db = await target.create();
    const tenant = await insertTenant(db);
    for (const thing of [
      'journal-direct',
      'journal-small',
      'journal-failed',
      'journal-racing',
      'journal-rebuilt',
      'journal-rebuilt-racing',
      'direct-rebuilt',
    ])
      await insertPlant(db, tenant, thing);
  });
  afterAll(() => target.destroy());

  const rollupsOf = async (thing: string) =>
    (
      await db
        .selectFrom('metric_rollups')
        .select([
          'granularity',
          'metric_key',
          'bucket',
          'sample_count',
          'value_sum',
          'value_min',
          'value_max',
          'last_ts',
          'last_value',
          'energy_wh',
        ])
        .where('thing_name', '=', thing)
        .orderBy('granularity')
        .orderBy('metric_key')
        .orderBy('bucket')
        .execute()
    ).map((r) => ({
      ...r,
      bucket: Number(r.bucket),
      last_ts: Number(r.last_ts),
      value_sum: round(r.value_sum),
      energy_wh: round(r.energy_wh),
    }));
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  const journalRows = async () =>
    Number(
      (
        await db
          .selectFrom('rollup_journal')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Drains until the journal is empty, each drain taking `maxRows` at a time until it holds `maxSamples`. */
  async function drainAll(writer: SeriesWriter, maxRows: number, maxSamples = 1_000_000): Promise<number> {
    let drains = 0;
    while ((await drainRollupJournal(db, writer, { maxRows, maxSamples })).batches > 0) drains++;
    return drains;
  }

  it('leaves the roll-ups the samples would have written at once, drained a few batches at a time', async () => {
    await report(new ShadowStore(db), 'journal-direct');
    await report(new ShadowStore(db, { rollups: 'journal' }), 'journal-small');
    expect(await rollupsOf('journal-small')).toEqual([]);
    expect(await journalRows()).toBe(67); // one a report that stored a sample: the redelivery stored none
    expect(await drainAll(new SeriesWriter(), 2, 10)).toBeGreaterThan(10); // each drain took 2 rows, then 2 more
    expect(await journalRows()).toBe(0);
    const direct = await rollupsOf('journal-direct');
    expect(direct.length).toBe(27); // 3 metrics × (7 hours, 2 days, 1 month)
    expect(direct.filter((r) => r.energy_wh !== 0).length).toBeGreaterThan(10);
    expect(await rollupsOf('journal-small')).toEqual(direct);
  });

  it('merges nothing of a drain that failed, and all of it once in the next', async () => {
    await report(new ShadowStore(db, { rollups: 'journal' }), 'journal-failed');
    await expect(drainRollupJournal(db, new FailingWriter(), { maxRows: 10 })).rejects.toThrow('the drain failed after merging');
    expect(await rollupsOf('journal-failed')).toEqual([]);
    expect(await journalRows()).toBe(67);
    await drainAll(new SeriesWriter(), 1000);
    // one drain took every batch, the late report's with the report after it: the stretch between
    // them counts once, as a rebuild counts it (below), where the samples' own merges count it twice
    expect(await rollupsOf('journal-failed')).toEqual(await rebuiltDirectly());
    expect(await rollupsOf('journal-failed')).not.toEqual(await rollupsOf('journal-direct'));
  });

  it('merges each batch once when two drains run at once', async () => {
    await report(new ShadowStore(db, { rollups: 'journal' }), 'journal-racing');
    await Promise.all([drainAll(new SeriesWriter(), 5, 20), drainAll(new SeriesWriter(), 7, 20)]);
    expect(await journalRows()).toBe(0);
    expect(await rollupsOf('journal-racing')).toEqual(await rollupsOf('journal-direct'));
  });

  /** Queues the rebuild of every day of the thing's samples, as an import of those days does. */
  async function queueRebuildOfItsDays(thing: string): Promise<void> {
    const samples = await db.selectFrom('metric_samples').select(['metric_key', 'ts']).where('thing_name', '=', thing).execute();
    const reports = await db.selectFrom('metric_reports').select(['metric_keys', 'ts']).where('thing_name', '=', thing).execute();
    const stored = [
      ...samples.map((r) => ({ metric_key: r.metric_key, ts: Number(r.ts) })),
      ...reports.flatMap((r) => reportKeys(r.metric_keys).map((key) => ({ metric_key: key, ts: Number(r.ts) }))),
    ];
    expect(stored.length).toBeGreaterThan(100);
    await queueRebuilds(db, thing, await new SeriesWriter().calendarOf(db, thing), stored);
  }

  /** Rebuilds every queued day (the import's rebuilder), answering its work. */
  async function rebuildQueued() {
    const rebuilder = startRollupRebuilder({ db, pollMs: 60_000, log: { error: jest.fn() }, journaled: true }, false);
    try {
      return await rebuilder.runOnce();
    } finally {
      await rebuilder.stop();
    }
  }

  // The rebuild sums a day from its samples in time order, so it is the reference here, not the
  // samples' own merges: a sample that arrives after a later one (the report's late one) adds its
  // hold's energy over a stretch the later one already counted, unless one drain gathers both.
  const rebuiltDirectly = async () => {
    if ((await rollupsOf('direct-rebuilt')).length === 0) {
      await report(new ShadowStore(db), 'direct-rebuilt');
      await queueRebuildOfItsDays('direct-rebuilt');
      expect(await rebuildQueued()).toEqual({ days: 6, months: 3 }); // 3 metrics × 2 days, × 1 month
    }
    return rollupsOf('direct-rebuilt');
  };

  it('counts once the samples of days a history import rebuilds while they are still in the journal', async () => {
    await report(new ShadowStore(db, { rollups: 'journal' }), 'journal-rebuilt');
    await queueRebuildOfItsDays('journal-rebuilt');
    expect(await rebuildQueued()).toEqual({ days: 6, months: 3 });
    await drainAll(new SeriesWriter(), 1000);
    expect(await rollupsOf('journal-rebuilt')).toEqual(await rebuiltDirectly());
  });

  it('counts each sample once when the leader drains the journal while the rebuild runs', async () => {
    await report(new ShadowStore(db, { rollups: 'journal' }), 'journal-rebuilt-racing');
    await queueRebuildOfItsDays('journal-rebuilt-racing');
    await Promise.all([rebuildQueued(), drainAll(new SeriesWriter(), 3, 20)]);
    await drainAll(new SeriesWriter(), 1000);
    expect(await journalRows()).toBe(0);
    expect(await rollupsOf('journal-rebuilt-racing')).toEqual(await rebuiltDirectly());
  });
});
