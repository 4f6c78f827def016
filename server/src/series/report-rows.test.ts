// The open hour's samples as a row a report: stored exactly, each (key, time) once however a report is
// redelivered (before or after its hour closes) or shared by two reports of one millisecond, rolled
// up as sample rows would be, and read by every reader of raw samples.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertPlant, insertTenant } from '../iot/test-fixtures';
import { PV_WINDOW_MS } from '../notifications/conditions';
import { pvSamplesToJudge } from '../notifications/pv-window';
import { DEFAULT_THRESHOLDS } from '../notifications/thresholds';
import { databaseTargets } from '../testing/databases';
import { rawSamplesOf } from '../testing/raw-samples';
import type { Sample } from './rollup';
import { SeriesWriter } from './series-writer';
import { REPORT_ROWS_GRACE_MS } from './series-packer';
import { BLOCK_MS, readStoredSamples, sampleTimeBefore } from './stored-samples';

const HOUR = Date.parse('2025-06-21T10:00:00Z'); // a summer noon in Prague: the sun is up for the PV window
const STEP = 5000;

/** A report's samples: one time, each key once. */
const report = (ts: number, values: Record<string, number>): Sample[] =>
  Object.entries(values).map(([metricKey, value]) => ({ metricKey, ts, value }));

describe.each(databaseTargets())('report rows on $name', (target) => {
  let db: Kysely<Database>;
  let tenantId: string;
  let now = HOUR + 30 * 60_000;
  const writer = () => new SeriesWriter(undefined, 'direct', () => now);
  let things = 0;
  const freshThing = async () => {
    const thing = `report-rows-${++things}`;
    await insertPlant(db, tenantId, thing);
    return thing;
  };
  const count = async (table: 'metric_reports' | 'metric_samples', thing: string) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('thing_name', '=', thing)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const hourRollup = async (thing: string, key: string) =>
    db
      .selectFrom('metric_rollups')
      .select(['sample_count', 'value_sum', 'energy_wh'])
      .where('thing_name', '=', thing)
      .where('granularity', '=', 'hour')
      .where('metric_key', '=', key)
      .executeTakeFirst();

  beforeAll(async () => {
    db = await target.create();
    tenantId = await insertTenant(db);
  });
  afterAll(() => target.destroy());
  beforeEach(() => {
    now = HOUR + 30 * 60_000;
  });

  it('stores a report of the open hour as one row and reads back every value exactly', async () => {
    const thing = await freshThing();
    const values = { ActPwrGrid: -0, Huge: 1.7976931348623157e308, Tiny: 5e-324, Negative: -12.345, Sum: 0.1 + 0.2, Zero: 0 };
    const ts = HOUR + 10 * 60_000 + 7;
    await writer().writeSamples(db, thing, report(ts, values));
    expect(await count('metric_reports', thing)).toBe(1);
    expect(await count('metric_samples', thing)).toBe(0);
    const read = await readStoredSamples(db, thing, Object.keys(values), HOUR, HOUR + BLOCK_MS);
    for (const [key, value] of Object.entries(values)) {
      expect(read.get(key)).toHaveLength(1);
      expect(Object.is(read.get(key)![0]!.value, value)).toBe(true);
      expect(read.get(key)![0]!.ts).toBe(ts);
    }
  });

  it('stores and rolls up a redelivered report nothing more', async () => {
    const thing = await freshThing();
    const samples = report(HOUR + 60_000, { ActPwrPve: 1500, BatSoc: 40 });
    await writer().writeSamples(db, thing, samples);
    await writer().writeSamples(db, thing, samples);
    await writer().writeSamplesOf(db, [
      { thingName: thing, samples },
      { thingName: thing, samples },
    ]);
    expect(await rawSamplesOf(db, thing, 'BatSoc')).toEqual([{ ts: HOUR + 60_000, value: 40 }]);
    expect(await hourRollup(thing, 'BatSoc')).toMatchObject({ sample_count: 1, value_sum: 40 });
    expect(await hourRollup(thing, 'ActPwrPve')).toMatchObject({ sample_count: 1 });
  });

  it('stores the keys a second report of the same millisecond adds, once each, and keeps the first value of a key both hold', async () => {
    const thing = await freshThing();
    const ts = HOUR + 2 * 60_000;
    await writer().writeSamples(db, thing, report(ts, { ActPwrPve: 1500, BatSoc: 40 }));
    await writer().writeSamples(db, thing, report(ts, { BatSoc: 41, TempInv: 35.5 }));
    await writer().writeSamples(db, thing, report(ts, { BatSoc: 41, TempInv: 35.5 }));
    expect(await count('metric_reports', thing)).toBe(1);
    expect(await count('metric_samples', thing)).toBe(1);
    const read = await readStoredSamples(db, thing, ['ActPwrPve', 'BatSoc', 'TempInv'], HOUR, HOUR + BLOCK_MS);
    expect(Object.fromEntries(read)).toEqual({
      ActPwrPve: [{ ts, value: 1500 }],
      BatSoc: [{ ts, value: 40 }],
      TempInv: [{ ts, value: 35.5 }],
    });
    for (const key of ['ActPwrPve', 'BatSoc', 'TempInv']) expect(await hourRollup(thing, key)).toMatchObject({ sample_count: 1 });
  });

  it('keeps the first value of a key two reports of one batch give at one time, once', async () => {
    const thing = await freshThing();
    const ts = HOUR + 3 * 60_000;
    await writer().writeSamplesOf(db, [
      { thingName: thing, samples: report(ts, { BatSoc: 40, ActPwrPve: 900 }) },
      { thingName: thing, samples: report(ts, { BatSoc: 41, TempInv: 30 }) },
    ]);
    expect(await count('metric_reports', thing)).toBe(1);
    expect(await rawSamplesOf(db, thing, 'BatSoc')).toEqual([{ ts, value: 40 }]);
    expect(await rawSamplesOf(db, thing, 'TempInv')).toEqual([{ ts, value: 30 }]);
    expect(await hourRollup(thing, 'BatSoc')).toMatchObject({ sample_count: 1, value_sum: 40 });
  });

  it('stores a report redelivered after its hour closed once: the late path finds its row', async () => {
    const thing = await freshThing();
    const samples = report(HOUR + 59 * 60_000, { ActPwrPve: 900, BatSoc: 55 });
    await writer().writeSamples(db, thing, samples);
    now = HOUR + BLOCK_MS + REPORT_ROWS_GRACE_MS + 60_000;
    await writer().writeSamples(db, thing, samples);
    expect(await rawSamplesOf(db, thing, 'BatSoc')).toEqual([{ ts: HOUR + 59 * 60_000, value: 55 }]);
    expect(await hourRollup(thing, 'BatSoc')).toMatchObject({ sample_count: 1 });
  });

  it("takes an hour's last reports as report rows for REPORT_ROWS_GRACE_MS after it ends, each once however redelivered", async () => {
    const thing = await freshThing();
    const last = report(HOUR + BLOCK_MS - 5000, { ActPwrPve: 700, BatSoc: 61 });
    // in flight as the hour ended, stored 30 s later
    now = HOUR + BLOCK_MS + 30_000;
    await writer().writeSamples(db, thing, last);
    expect(await count('metric_reports', thing)).toBe(1);
    expect(await count('metric_samples', thing)).toBe(0);
    // redelivered within the grace, then after it (the late path finds the row)
    now = HOUR + BLOCK_MS + REPORT_ROWS_GRACE_MS - 1;
    await writer().writeSamples(db, thing, last);
    now = HOUR + BLOCK_MS + REPORT_ROWS_GRACE_MS + 1;
    await writer().writeSamples(db, thing, last);
    expect(await count('metric_reports', thing)).toBe(1);
    expect(await count('metric_samples', thing)).toBe(0);
    expect(await hourRollup(thing, 'BatSoc')).toMatchObject({ sample_count: 1, value_sum: 61 });
    // a report of that hour arriving after the grace is a sample row again
    await writer().writeSamples(db, thing, report(HOUR + BLOCK_MS - 10_000, { BatSoc: 60 }));
    expect(await count('metric_samples', thing)).toBe(1);
  });

  it('rolls up power as sample rows would: the hold of each sample found in the report row before, a key absent from some reports too', async () => {
    const [live, late] = [await freshThing(), await freshThing()];
    const reports = Array.from({ length: 120 }, (_, i) =>
      report(HOUR + i * STEP, {
        ActPwrPve: 1000 + ((i * 37) % 500),
        // the battery reports every third time only: its sample before is a few rows back
        ...(i % 3 === 0 ? { ActPwrBat: -200 - i } : {}),
        BatSoc: 50 + i / 10,
      }),
    );
    for (const samples of reports) await writer().writeSamples(db, live, samples);
    now = HOUR + 3 * BLOCK_MS; // the same samples, late: a row each in metric_samples
    for (const samples of reports) await writer().writeSamples(db, late, samples);
    expect(await count('metric_reports', live)).toBe(120);
    expect(await count('metric_samples', live)).toBe(0);
    expect(await count('metric_reports', late)).toBe(0);
    for (const key of ['ActPwrPve', 'ActPwrBat', 'BatSoc']) {
      expect(await hourRollup(live, key)).toEqual(await hourRollup(late, key));
    }
    expect((await hourRollup(live, 'ActPwrBat'))?.energy_wh).toBeLessThan(0);
    // read back as sample rows read: a few keys taken in SQL a keys text at a time (two here), many decoded whole
    const read = (thing: string, keys: string[]) => readStoredSamples(db, thing, keys, HOUR, HOUR + BLOCK_MS);
    for (const keys of [
      ['ActPwrBat'],
      ['ActPwrPve', 'ActPwrBat', 'BatSoc'],
      ['ActPwrPve', 'ActPwrBat', 'BatSoc', 'TempInv', 'ActPwrGrid'],
    ]) {
      const fromReports = await read(live, keys);
      expect(fromReports).toEqual(await read(late, keys));
      expect(fromReports.get('ActPwrBat')).toHaveLength(40);
    }
    expect(await sampleTimeBefore(db, live, 'ActPwrBat', HOUR + 119 * STEP)).toBe(HOUR + 117 * STEP);
    expect(await sampleTimeBefore(db, live, 'ActPwrPve', HOUR + 119 * STEP)).toBe(HOUR + 118 * STEP);
    expect(await sampleTimeBefore(db, live, 'ActPwrPve', HOUR)).toBeUndefined();
  });

  it("gives the alert engine a plant's PV window from its report rows", async () => {
    const thing = await freshThing();
    now = HOUR + 50 * 60_000;
    const times = Array.from({ length: 20 }, (_, i) => now - 20 * 60_000 + i * 60_000);
    for (const ts of times) await writer().writeSamples(db, thing, report(ts, { ActPwrPve: 150, BatSoc: 60 }));
    const site = { latitude: 49.2, longitude: 16.6, pvPeakKw: 10 };
    const judged = await pvSamplesToJudge(db, [{ thingName: thing, site, thresholds: { ...DEFAULT_THRESHOLDS, pvMinPercent: 10 } }], now);
    // 150 W is far below a tenth of a clear summer noon's 10 kW: the whole window is read
    expect(judged.get(thing)).toEqual(times.filter((ts) => ts > now - PV_WINDOW_MS).map((ts) => ({ ts, value: 150 })));
  });
});
