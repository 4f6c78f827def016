// Rebuilds the roll-ups of an imported period from the raw samples: the hour and day buckets of the
// whole days the import touched, read page by page, then the month buckets of those days' months
// from their day buckets (so months stay right even where raw samples are already past retention).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ZoneCalendar } from '../series/calendar';
import { isPowerMetric, mergeRollups, RollupAccumulator, type Rollup } from '../series/rollup';
import { SeriesWriter } from '../series/series-writer';

const PAGE = 20_000;

export interface RebuildRange {
  thingName: string;
  keys: readonly string[];
  /** Start of the first day touched. */
  from: number;
  /** Start of the day after the last one touched. */
  to: number;
}

async function sampleBefore(db: Kysely<Database>, thingName: string, key: string, ts: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('metric_samples')
    .select((eb) => eb.fn.max('ts').as('ts'))
    .where('thing_name', '=', thingName)
    .where('metric_key', '=', key)
    .where('ts', '<', ts)
    .executeTakeFirst();
  return row?.ts === null || row?.ts === undefined ? undefined : Number(row.ts);
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
  let previous = isPowerMetric(key) ? await sampleBefore(db, range.thingName, key, range.from) : undefined;
  let after = range.from - 1;
  for (;;) {
    const rows = await db
      .selectFrom('metric_samples')
      .select(['ts', 'value'])
      .where('thing_name', '=', range.thingName)
      .where('metric_key', '=', key)
      .where('ts', '>', after)
      .orderBy('ts')
      .limit(PAGE)
      .execute();
    const accumulator = new RollupAccumulator(calendar);
    let done = rows.length < PAGE;
    for (const row of rows) {
      const ts = Number(row.ts);
      accumulator.add({ metricKey: key, ts, value: row.value }, previous);
      previous = ts;
      after = ts;
      if (ts >= range.to) {
        done = true; // the first sample after the range only adds the energy it owes the range's last bucket
        break;
      }
    }
    const { rollups, shares } = accumulator.drain();
    await writer.writeRollups(db, range.thingName, rollups.filter(inWindow));
    await writer.addEnergy(db, range.thingName, shares.filter(inWindow));
    if (done) return;
  }
}

/** Month buckets from the day buckets inside them. */
async function rebuildMonths(db: Kysely<Database>, writer: SeriesWriter, calendar: ZoneCalendar, range: RebuildRange): Promise<void> {
  for (let month = calendar.bucketStart('month', range.from); month < range.to; month = calendar.nextBucket('month', month)) {
    const end = calendar.nextBucket('month', month);
    const days = await db
      .selectFrom('metric_rollups')
      .selectAll()
      .where('thing_name', '=', range.thingName)
      .where('granularity', '=', 'day')
      .where('metric_key', 'in', [...range.keys])
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
      .where('thing_name', '=', range.thingName)
      .where('granularity', '=', 'month')
      .where('metric_key', 'in', [...range.keys])
      .where('bucket', '=', month)
      .execute();
    await writer.writeRollups(db, range.thingName, [...byKey.values()]);
  }
}

/** Replaces the roll-ups of `range` (run it in the import's transaction). */
export async function rebuildRange(db: Kysely<Database>, range: RebuildRange): Promise<void> {
  if (range.keys.length === 0) return;
  const writer = new SeriesWriter();
  const calendar = await writer.calendarOf(db, range.thingName);
  await db
    .deleteFrom('metric_rollups')
    .where('thing_name', '=', range.thingName)
    .where('granularity', 'in', ['hour', 'day'])
    .where('metric_key', 'in', [...range.keys])
    .where('bucket', '>=', range.from)
    .where('bucket', '<', range.to)
    .execute();
  for (const key of range.keys) await rebuildKey(db, writer, calendar, range, key);
  await rebuildMonths(db, writer, calendar, range);
}
