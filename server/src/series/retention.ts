// Raw samples older than the raw tier's age are deleted, packed or not; roll-ups stay longer, so hours, days and
// months can still be read, until their own tiers' ages delete their buckets too (tier-retention.ts; the job: retention-job.ts) (a gateway
// inventing keys or back-dating reports cannot grow the tables for ever). One delete per metric of
// each plant keeps every statement short.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/dialect';
import { unpackBlock } from './block-codec';
import { ROLLUP_GRANULARITIES } from './calendar';
import { blockRow, DAY_BLOCK_MS } from './stored-samples';

const DAY_MS = 86_400_000;

export interface PruneResult {
  deleted: number;
}

export async function pruneRawSamples(db: Kysely<Database>, retentionDays: number, now = Date.now()): Promise<PruneResult> {
  const cutoff = now - retentionDays * DAY_MS;
  // The month roll-ups name every metric of every thing that has samples, in a few rows each.
  const series = await db
    .selectFrom('metric_rollups')
    .select(['thing_name', 'metric_key'])
    .distinct()
    .where('granularity', '=', 'month')
    .where('bucket', '<', cutoff)
    .execute();
  let deleted = 0;
  // report rows are packed within the hour after theirs: only a server that stopped packing keeps old ones
  for (const thingName of new Set(series.map((s) => s.thing_name))) {
    const reports = await db
      .deleteFrom('metric_reports')
      .where('thing_name', '=', thingName)
      .where('ts', '<', cutoff)
      .returning('sample_count')
      .execute();
    deleted += reports.reduce((n, r) => n + r.sample_count, 0);
  }
  for (const { thing_name: thingName, metric_key: metricKey } of series) {
    const result = await db
      .deleteFrom('metric_samples')
      .where('thing_name', '=', thingName)
      .where('metric_key', '=', metricKey)
      .where('ts', '<', cutoff)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    deleted += await prunePacked(db, thingName, metricKey, cutoff);
  }
  return { deleted };
}

/** Deletes the series' packed samples before `cutoff`: whole blocks, and the older part of the block it falls in. */
async function prunePacked(db: Kysely<Database>, thingName: string, metricKey: string, cutoff: number): Promise<number> {
  const series = db.deleteFrom('metric_blocks').where('thing_name', '=', thingName).where('metric_key', '=', metricKey);
  const whole = await series.where('last_ts', '<', cutoff).returning('sample_count').execute();
  let deleted = whole.reduce((n, b) => n + b.sample_count, 0);
  await inTransaction(db, async (trx) => {
    const cut = await trx
      .selectFrom('metric_blocks')
      .select(['period_start', 'period_end', 'data'])
      .where('thing_name', '=', thingName)
      .where('metric_key', '=', metricKey)
      .where('period_start', '>', cutoff - DAY_BLOCK_MS)
      .where('period_start', '<=', cutoff)
      .where('period_end', '>', cutoff)
      .where('first_ts', '<', cutoff)
      .executeTakeFirst();
    if (!cut) return;
    const samples = unpackBlock(cut.data);
    const kept = samples.filter((s) => s.ts >= cutoff);
    deleted += samples.length - kept.length;
    const block = trx
      .updateTable('metric_blocks')
      .where('thing_name', '=', thingName)
      .where('metric_key', '=', metricKey)
      .where('period_start', '=', Number(cut.period_start));
    if (kept.length === 0) {
      // only when the block changed since the delete above (a late sample packed meanwhile)
      await trx
        .deleteFrom('metric_blocks')
        .where('thing_name', '=', thingName)
        .where('metric_key', '=', metricKey)
        .where('period_start', '=', Number(cut.period_start))
        .execute();
      return;
    }
    const row = blockRow(thingName, metricKey, { start: Number(cut.period_start), end: Number(cut.period_end) }, kept);
    await block.set({ sample_count: row.sample_count, first_ts: row.first_ts, last_ts: row.last_ts, data: row.data }).execute();
  });
  return deleted;
}

/** Deletes roll-up buckets that start before the roll-up retention, one granularity at a time. */
export async function pruneRollups(db: Kysely<Database>, retentionDays: number, now = Date.now()): Promise<PruneResult> {
  const cutoff = now - retentionDays * DAY_MS;
  let deleted = 0;
  for (const granularity of ROLLUP_GRANULARITIES) {
    const result = await db
      .deleteFrom('metric_rollups')
      .where('granularity', '=', granularity)
      .where('bucket', '<', cutoff)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return { deleted };
}
