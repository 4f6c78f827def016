// Test helpers: a plant with the device simulator's history written the way the server stores it.
import { newPlantRun, plantHistory } from '@helio/device-simulator';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { simPlantConfig } from '../iot/services';
import { SeriesWriter } from '../series/series-writer';
import { LOAD_METRIC, PV_METRIC } from './store';

const DAY_MS = 86_400_000;

/** Writes `days` of the simulator's 5-minute PV and load history before `now` for a plant row. */
export async function writeSimulatedHistory(db: Kysely<Database>, thingName: string, days: number, now: number): Promise<void> {
  const plant = await db.selectFrom('plants').selectAll().where('thing_name', '=', thingName).executeTakeFirstOrThrow();
  const run = newPlantRun(simPlantConfig(plant));
  const step = 5 * 60_000;
  const to = now - (now % step);
  const writer = new SeriesWriter();
  let batch: Array<{ metricKey: string; ts: number; value: number }> = [];
  for (const report of plantHistory(run, to - days * DAY_MS, to)) {
    for (const key of [PV_METRIC, LOAD_METRIC]) {
      const value = report.reported[key];
      if (typeof value === 'number') batch.push({ metricKey: key, ts: report.ts, value });
    }
    if (batch.length >= 2000) {
      await writer.writeSamples(db, thingName, batch);
      batch = [];
    }
  }
  if (batch.length > 0) await writer.writeSamples(db, thingName, batch);
}
