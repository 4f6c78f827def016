// Rebuilds the roll-ups of imported days from the raw samples: per key, the hour and day buckets of
// the days that got new samples (runs of consecutive days read page by page), then the month buckets
// of those days' months from their day buckets (so months stay right even where raw samples are
// already past retention). The work follows the days named, never the span between the first and the
// last: a file of two samples 8,000 years apart rebuilds two days and two months.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ZoneCalendar } from '../series/calendar';
import { isPowerMetric, MAX_HOLD_MS, mergeRollups, RollupAccumulator, type Rollup } from '../series/rollup';
import { SeriesWriter } from '../series/series-writer';
import { readStoredSamples, sampleTimeBefore } from '../series/stored-samples';

/** Samples are read a day at a time (17,280 of a key reported every 5 s). */
const PAGE_MS = 86_400_000;

/** A run of consecutive days of one key. */
interface RebuildRange {
  thingName: string;
  /** Start of the first day. */
  from: number;
  /** Start of the day after the last one. */
  to: number;
}

/** What a rebuild did: the day and month buckets it rebuilt (per key), for callers and tests. */
export interface RebuildWork {
  days: number;
  months: number;
}

/** Hour and day buckets of one key over [from, to), from its raw samples (and the sample just after, for its energy). */
async function rebuildKey(
  db: Kysely<Database>,
  writer: SeriesWriter,
  calendar: ZoneCalendar,
  range: RebuildRange,
  key: string,
): Promise<void> {
  const inWindow = (r: { granularity: string; bucket: number }) =>
    r.granularity !== 'month' && r.bucket >= range.from && r.bucket < range.to;
  let previous = isPowerMetric(key) ? await sampleTimeBefore(db, range.thingName, key, range.from) : undefined;
  // a day at a time, packed and raw alike (stored-samples.ts); past the range only the first sample,
  // which adds the energy it owes the range's last bucket
  for (let from = range.from; from < range.to; from += PAGE_MS) {
    const to = Math.min(range.to, from + PAGE_MS);
    const samples = (await readStoredSamples(db, range.thingName, [key], from, to === range.to ? to + MAX_HOLD_MS : to)).get(key) ?? [];
    const accumulator = new RollupAccumulator(calendar);
    for (const sample of samples) {
      accumulator.add({ metricKey: key, ts: sample.ts, value: sample.value }, previous);
      previous = sample.ts;
      if (sample.ts >= range.to) break;
    }
    const { rollups, shares } = accumulator.drain();
    await writer.writeRollups(db, range.thingName, rollups.filter(inWindow));
    await writer.addEnergy(db, range.thingName, shares.filter(inWindow));
  }
}

/** Month buckets from the day buckets inside them, for the keys given. */
async function rebuildMonth(
  db: Kysely<Database>,
  writer: SeriesWriter,
  calendar: ZoneCalendar,
  thingName: string,
  month: number,
  keys: readonly string[],
): Promise<void> {
  const end = calendar.nextBucket('month', month);
  const days = await db
    .selectFrom('metric_rollups')
    .selectAll()
    .where('thing_name', '=', thingName)
    .where('granularity', '=', 'day')
    .where('metric_key', 'in', [...keys])
    .where('bucket', '>=', month)
    .where('bucket', '<', end)
    .execute();
  const byKey = new Map<string, Rollup>();
  for (const d of days) {
    const one: Rollup = {
      granularity: 'month',
      metricKey: d.metric_key,
      bucket: month,
      count: d.sample_count,
      sum: d.value_sum,
      min: d.value_min,
      max: d.value_max,
      lastTs: Number(d.last_ts),
      last: d.last_value,
      energyWh: d.energy_wh,
    };
    const seen = byKey.get(d.metric_key);
    byKey.set(d.metric_key, seen ? mergeRollups(seen, one) : one);
  }
  await db
    .deleteFrom('metric_rollups')
    .where('thing_name', '=', thingName)
    .where('granularity', '=', 'month')
    .where('metric_key', 'in', [...keys])
    .where('bucket', '=', month)
    .execute();
  await writer.writeRollups(db, thingName, [...byKey.values()]);
}

/** The days as runs of consecutive days, [from, to) each. */
function runsOf(calendar: ZoneCalendar, days: readonly number[]): Array<{ from: number; to: number }> {
  const runs: Array<{ from: number; to: number }> = [];
  for (const day of [...new Set(days)].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && last.to === day) last.to = calendar.nextBucket('day', day);
    else runs.push({ from: day, to: calendar.nextBucket('day', day) });
  }
  return runs;
}

/**
 * Replaces the roll-ups of the named days (day bucket starts, per key) and of their months; run it in
 * one transaction. Answers how many day and month buckets of keys it rebuilt.
 */
export async function rebuildDays(
  db: Kysely<Database>,
  thingName: string,
  daysByKey: ReadonlyMap<string, readonly number[]>,
): Promise<RebuildWork> {
  const writer = new SeriesWriter();
  const calendar = await writer.calendarOf(db, thingName);
  const monthKeys = new Map<number, Set<string>>();
  let days = 0;
  for (const [key, keyDays] of daysByKey) {
    for (const run of runsOf(calendar, keyDays)) {
      await db
        .deleteFrom('metric_rollups')
        .where('thing_name', '=', thingName)
        .where('granularity', 'in', ['hour', 'day'])
        .where('metric_key', '=', key)
        .where('bucket', '>=', run.from)
        .where('bucket', '<', run.to)
        .execute();
      await rebuildKey(db, writer, calendar, { thingName, ...run }, key);
    }
    for (const day of new Set(keyDays)) {
      days++;
      const month = calendar.bucketStart('month', day);
      monthKeys.set(month, (monthKeys.get(month) ?? new Set()).add(key));
    }
  }
  let months = 0;
  for (const [month, keys] of monthKeys) {
    await rebuildMonth(db, writer, calendar, thingName, month, [...keys]);
    months += keys.size;
  }
  return { days, months };
}
