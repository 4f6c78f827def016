// Imports metric history into a plant's time series. The whole piece is checked first (any bad line:
// nothing is written); then, in one transaction (the caller's, if `db` is one), new samples are stored
// (a sample already stored at the same time keeps its value, so importing a file twice adds nothing)
// and the roll-ups of the days touched are rebuilt from the raw samples.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { parseHistoryCsv, type HistoryImportResult } from '@helio/contracts';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { reopenSessions } from '../ev/settled-sessions';
import { badRequest } from '../http/errors';
import { SeriesWriter } from '../series/series-writer';
import { rebuildRange } from './history-rollups';

const CHUNK = 1000;

export async function importHistoryCsv(
  db: Kysely<Database>,
  plant: { id: string; tenant_id: string; thing_name: string },
  csv: string,
  firstLine = 1,
): Promise<HistoryImportResult> {
  const parsed = parseHistoryCsv(csv, firstLine);
  if (parsed.errorCount > 0 || parsed.from === null || parsed.to === null) {
    throw badRequest(`The file has ${parsed.errorCount} bad line(s); nothing was imported`, {
      errors: parsed.errors,
      errorCount: parsed.errorCount,
    });
  }
  const { from, to } = parsed;
  const inserted = await inTransaction(db, async (trx) => {
    let count = 0;
    for (let i = 0; i < parsed.samples.length; i += CHUNK) {
      const rows = await trx
        .insertInto('metric_samples')
        .values(
          parsed.samples.slice(i, i + CHUNK).map((s) => ({ thing_name: plant.thing_name, metric_key: s.key, ts: s.ts, value: s.value })),
        )
        .onConflict((oc) => oc.columns(['thing_name', 'metric_key', 'ts']).doNothing())
        .returning('ts')
        .execute();
      count += rows.length;
    }
    if (count > 0) {
      const calendar = await new SeriesWriter().calendarOf(trx, plant.thing_name);
      const dayFrom = calendar.bucketStart('day', from);
      const dayTo = calendar.nextBucket('day', calendar.bucketStart('day', to));
      await rebuildRange(trx, { thingName: plant.thing_name, keys: parsed.keys, from: dayFrom, to: dayTo });
      await reopenSessions(trx, plant.id, from);
    }
    await trx
      .insertInto('integration_imports')
      .values({
        id: randomUUID(),
        tenant_id: plant.tenant_id,
        kind: 'history',
        source: plant.id,
        at: new Date().toISOString(),
        rows: count,
        errors: '[]',
      })
      .execute();
    return count;
  });
  return {
    received: parsed.samples.length,
    inserted,
    keys: parsed.keys,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
  };
}
