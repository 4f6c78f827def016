import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { databaseTargets } from '../testing/databases';
import { pruneRawSamples, pruneRollups } from './retention';
import { startRawRetention } from './retention-job';
import { readSeries } from './series-reader';
import { SeriesWriter } from './series-writer';
import { calendarOf } from './calendar';

const DAY_MS = 86_400_000;
const NOW = Date.parse('2025-06-30T12:00:00Z');

describe.each(databaseTargets())('raw retention on $name', (target) => {
  let db: Kysely<Database>;
  const thing = 'retention-1';

  beforeAll(async () => {
    db = await target.create();
    await insertPlant(db, await insertTenant(db), thing);
    // one sample an hour for 100 days, two metrics
    const samples = Array.from({ length: 100 * 24 }, (_, i) => NOW - i * 3_600_000).flatMap((ts) => [
      { metricKey: 'ActPwrPve', ts, value: 1000 },
      { metricKey: 'BatSoc', ts, value: 50 },
    ]);
    await db.transaction().execute((trx) => new SeriesWriter().writeSamples(trx, thing, samples));
  });
  afterAll(() => target.destroy());

  const rawCount = async () =>
    Number(
      (
        await db
          .selectFrom('metric_samples')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const hourly = () =>
    readSeries(db, {
      thingName: thing,
      calendar: calendarOf('Europe/Prague'),
      metricKeys: ['ActPwrPve', 'BatSoc'],
      start: NOW - 100 * DAY_MS,
      end: NOW + 1,
      granularity: '1h',
    });

  it('deletes raw samples past the retention and keeps every roll-up', async () => {
    const before = await hourly();
    expect(await rawCount()).toBe(2 * 100 * 24);
    const { deleted } = await pruneRawSamples(db, 90, NOW);
    const oldest = await db
      .selectFrom('metric_samples')
      .select((eb) => eb.fn.min<number>('ts').as('ts'))
      .executeTakeFirstOrThrow();
    expect(Number(oldest.ts)).toBeGreaterThanOrEqual(NOW - 90 * DAY_MS);
    expect(deleted).toBe(2 * (100 * 24 - (90 * 24 + 1)));
    expect(await rawCount()).toBe(2 * (90 * 24 + 1));
    expect(await hourly()).toEqual(before);
    expect((await pruneRawSamples(db, 90, NOW)).deleted).toBe(0);
  });

  it('prunes in the background and stops cleanly', async () => {
    const lines: string[] = [];
    const retention = startRawRetention({ db, retentionDays: 30, log: { info: (m) => lines.push(m), error: (m) => lines.push(m) } });
    await retention.stop();
    expect(lines).toEqual([expect.stringMatching(/deleted \d+ raw samples older than 30 days/)]);
  });

  it('deletes roll-up buckets past the roll-up retention, in the background too', async () => {
    const rollupCount = async (granularity: 'hour' | 'day' | 'month') =>
      Number(
        (
          await db
            .selectFrom('metric_rollups')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('granularity', '=', granularity)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const hoursBefore = await rollupCount('hour');
    expect(hoursBefore).toBeGreaterThan(2 * 50 * 24);
    const { deleted } = await pruneRollups(db, 50, NOW);
    expect(deleted).toBeGreaterThan(0);
    const oldest = await db
      .selectFrom('metric_rollups')
      .select((eb) => eb.fn.min<number>('bucket').as('b'))
      .executeTakeFirstOrThrow();
    expect(Number(oldest.b)).toBeGreaterThanOrEqual(NOW - 50 * DAY_MS);
    expect(await rollupCount('hour')).toBeLessThanOrEqual(2 * (50 * 24 + 2));
    const lines: string[] = [];
    // The job ran in the test before; a period of this job (10 ms) must pass for its next run to be due.
    await new Promise((resolve) => setTimeout(resolve, 25));
    const retention = startRawRetention({
      db,
      retentionDays: 10,
      rollupRetentionDays: 20,
      log: { info: (m) => lines.push(m), error: (m) => lines.push(m) },
      intervalMs: 10,
    });
    await retention.stop();
    expect(lines).toContainEqual(expect.stringMatching(/deleted \d+ 1h buckets older than 20 days/));
  });
});
