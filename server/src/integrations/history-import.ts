// Imports metric history into a plant's time series. The whole piece is checked first (any bad line,
// a time before HISTORY_EARLIEST or after tomorrow: nothing is written); then, in one transaction (the
// caller's, if `db` is one), new samples are stored (a sample already stored at the same time keeps its
// value, so importing a file twice adds nothing) and the days that got new samples are queued for their
// roll-ups, which a rebuilder redoes after the answer (rollup-rebuilds.ts; call wakeRebuilders after
// the commit).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { parseHistoryCsv, type HistoryImportResult } from '@helio/contracts';
import { inTransaction } from '../db/dialect';
import type { Database } from '../db/schema';
import { reopenSessions } from '../ev/settled-sessions';
import { ApiError } from '../http/errors';
import { SeriesWriter } from '../series/series-writer';
import { blockStart, lockSeriesOf, withoutPacked, withoutReported } from '../series/stored-samples';
import { queueRebuilds } from './rollup-rebuilds';

const CHUNK = 1000;

export async function importHistoryCsv(
  db: Kysely<Database>,
  plant: { id: string; tenant_id: string; thing_name: string },
  csv: string,
  firstLine = 1,
): Promise<HistoryImportResult> {
  const parsed = parseHistoryCsv(csv, firstLine);
  if (parsed.errorCount > 0 || parsed.from === null || parsed.to === null) {
    throw new ApiError(400, 'HistoryBadLines', `The file has ${parsed.errorCount} bad line(s); nothing was imported`, {
      errors: parsed.errors,
      errorCount: parsed.errorCount,
    });
  }
  const { from, to } = parsed;
  const inserted = await inTransaction(db, async (trx) => {
    const stored: Array<{ metric_key: string; ts: number }> = [];
    // a sample of an hour already packed (series-packer.ts) or of a stored report (report-rows.ts) is
    // there, as one already raw is in the table
    await lockSeriesOf(trx, [plant.thing_name]);
    const openHour = blockStart(Date.now());
    for (let i = 0; i < parsed.samples.length; i += CHUNK) {
      const chunk = parsed.samples.slice(i, i + CHUNK).map((s) => ({ metricKey: s.key, ts: s.ts, value: s.value }));
      const fresh = await withoutReported(trx, plant.thing_name, await withoutPacked(trx, plant.thing_name, chunk, openHour));
      if (fresh.length === 0) continue;
      const rows = await trx
        .insertInto('metric_samples')
        .values(fresh.map((s) => ({ thing_name: plant.thing_name, metric_key: s.metricKey, ts: s.ts, value: s.value })))
        .onConflict((oc) => oc.columns(['thing_name', 'metric_key', 'ts']).doNothing())
        .returning(['metric_key', 'ts'])
        .execute();
      stored.push(...rows);
    }
    const count = stored.length;
    if (count > 0) {
      await queueRebuilds(trx, plant.thing_name, await new SeriesWriter().calendarOf(trx, plant.thing_name), stored);
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
