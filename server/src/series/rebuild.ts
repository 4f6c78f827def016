// Rolls up raw samples that have no roll-ups yet (those stored before roll-ups existed), plant by
// plant in pages, so memory stays bounded however much history there is.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SeriesWriter } from './series-writer';
import { RollupAccumulator, isPowerMetric } from './rollup';

const PAGE = 20_000;

export async function rebuildRollups(db: Kysely<Database>): Promise<void> {
  const writer = new SeriesWriter();
  const things = await db.selectFrom('metric_samples').select('thing_name').distinct().execute();
  for (const { thing_name: thingName } of things) {
    const calendar = await writer.calendarOf(db, thingName);
    let after: { key: string; ts: number } | undefined;
    let previous: { key: string; ts: number } | undefined;
    for (;;) {
      let page = db
        .selectFrom('metric_samples')
        .select(['metric_key', 'ts', 'value'])
        .where('thing_name', '=', thingName)
        .orderBy('metric_key')
        .orderBy('ts')
        .limit(PAGE);
      if (after) {
        const from = after;
        page = page.where((eb) =>
          eb.or([eb('metric_key', '>', from.key), eb.and([eb('metric_key', '=', from.key), eb('ts', '>', from.ts)])]),
        );
      }
      const rows = await page.execute();
      if (rows.length === 0) break;
      const accumulator = new RollupAccumulator(calendar);
      for (const row of rows) {
        const sample = { metricKey: row.metric_key, ts: Number(row.ts), value: row.value };
        const before = previous?.key === sample.metricKey && isPowerMetric(sample.metricKey) ? previous.ts : undefined;
        accumulator.add(sample, before);
        previous = { key: sample.metricKey, ts: sample.ts };
      }
      const last = rows[rows.length - 1];
      if (last) after = { key: last.metric_key, ts: Number(last.ts) };
      // A bucket cut by a page boundary arrives in two parts; the upsert adds them up.
      const { rollups, shares } = accumulator.drain();
      await writer.writeRollups(db, thingName, rollups);
      await writer.addEnergy(db, thingName, shares);
    }
  }
}
