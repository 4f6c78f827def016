// Retention by tier, one run of the series-retention leader job (retention.ts): raw samples past the
// raw tier's age are first compacted into the 1- and 15-minute buckets those tiers still keep
// (metric_fine_rollups), then deleted; each bucket tier is pruned at its own age (the month roll-ups
// go with the day tier). Compaction reads what is about to be deleted, a UTC day at a time, and
// inserts only buckets not yet kept, so a run that dies between the two steps is simply done again.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { MAX_HOLD_MS } from './rollup';
import { pruneRawSamples } from './retention';
import { rawBuckets, RAW_BUCKET_MS } from './series-reader';
import { reportTimeOf } from './report-rows';
import { readStoredSamples } from './stored-samples';
import type { TierDays } from './tier-settings';

const DAY_MS = 86_400_000;
const QUARTER_MS = 15 * 60_000;
const FINE_TIERS = ['1m', '15m'] as const;
/** Rows a compaction insert carries (10 parameters each: within either engine's limit). */
const INSERT_ROWS = 500;

export interface TierRunResult {
  compacted: number;
  deleted: Record<'raw' | '1m' | '15m' | '1h' | '1d', number>;
}

/**
 * Compacts and prunes every tier at `days`. The raw tier's cutoff falls on a quarter hour, so a 1- or
 * 15-minute bucket is made from all of its samples, never from a part the run before left; a bucket
 * already kept is not written again.
 */
export async function applyTierRetention(db: Kysely<Database>, days: TierDays, now = Date.now()): Promise<TierRunResult> {
  const at = Math.floor(now / QUARTER_MS) * QUARTER_MS;
  const rawCutoff = at - days.raw * DAY_MS;
  const compacted = await compactFineTiers(db, days, rawCutoff, at);
  // Raw samples one hold longer than the compacted buckets: the first raw bucket's first power sample
  // still finds the sample it holds from, so its energy reads as before the run.
  const raw = (await pruneRawSamples(db, days.raw, at - MAX_HOLD_MS)).deleted;
  const deleted = { raw, '1m': 0, '15m': 0, '1h': 0, '1d': 0 };
  for (const tier of FINE_TIERS) {
    const result = await db
      .deleteFrom('metric_fine_rollups')
      .where('granularity', '=', tier)
      .where('bucket', '<', at - days[tier] * DAY_MS)
      .executeTakeFirst();
    deleted[tier] = Number(result.numDeletedRows);
  }
  // A month goes once its last sample is past the day tier: the month roll-ups also list every series (pruning finds them there).
  const rollups = [
    ['1h', 'hour', 'bucket'],
    ['1d', 'day', 'bucket'],
    ['1d', 'month', 'last_ts'],
  ] as const;
  for (const [tier, granularity, time] of rollups) {
    const result = await db
      .deleteFrom('metric_rollups')
      .where('granularity', '=', granularity)
      .where(time, '<', at - days[tier] * DAY_MS)
      .executeTakeFirst();
    deleted[tier] += Number(result.numDeletedRows);
  }
  return { compacted, deleted };
}

/** Keeps the 1- and 15-minute buckets of the raw samples before `rawCutoff` that their tiers still hold. */
async function compactFineTiers(db: Kysely<Database>, days: TierDays, rawCutoff: number, at: number): Promise<number> {
  const keep = FINE_TIERS.filter((tier) => days[tier] > days.raw).map((tier) => ({ tier, from: at - days[tier] * DAY_MS }));
  if (keep.length === 0) return 0;
  const earliest = Math.min(...keep.map((k) => k.from));
  const series = await db
    .selectFrom('metric_rollups')
    .select(['thing_name', 'metric_key'])
    .distinct()
    .where('granularity', '=', 'month')
    .where('bucket', '<', rawCutoff)
    .execute();
  let written = 0;
  for (const { thing_name: thingName, metric_key: metricKey } of series) {
    const oldest = await oldestRawSample(db, thingName, metricKey);
    if (oldest === null || oldest >= rawCutoff) continue;
    // a day at a time from the oldest raw sample the tiers still want: a long backlog is never read at once
    for (let from = Math.max(oldest, earliest); from < rawCutoff; from = Math.floor(from / DAY_MS) * DAY_MS + DAY_MS) {
      const to = Math.min(Math.floor(from / DAY_MS) * DAY_MS + DAY_MS, rawCutoff);
      const stored = await readStoredSamples(db, thingName, [metricKey], from - MAX_HOLD_MS, to);
      const samples = stored.get(metricKey) ?? [];
      for (const { tier, from: tierFrom } of keep) {
        const size = RAW_BUCKET_MS[tier]!;
        const start = Math.max(from - (from % size), tierFrom);
        const rows = rawBuckets(metricKey, samples, start - (start % size), size)
          .filter((b) => b.bucket >= tierFrom)
          .map((b) => ({
            thing_name: thingName,
            granularity: tier,
            metric_key: metricKey,
            bucket: b.bucket,
            sample_count: b.n,
            value_sum: b.total,
            value_min: b.lo,
            value_max: b.hi,
            last_value: b.last_value,
            energy_wh: b.wh,
          }));
        for (let i = 0; i < rows.length; i += INSERT_ROWS) {
          const result = await db
            .insertInto('metric_fine_rollups')
            .values(rows.slice(i, i + INSERT_ROWS))
            .onConflict((oc) => oc.columns(['thing_name', 'granularity', 'metric_key', 'bucket']).doNothing())
            .executeTakeFirst();
          written += Number(result.numInsertedOrUpdatedRows ?? 0);
        }
      }
    }
  }
  return written;
}

async function oldestRawSample(db: Kysely<Database>, thingName: string, metricKey: string): Promise<number | null> {
  const [row, report, block] = await Promise.all([
    db
      .selectFrom('metric_samples')
      .select((eb) => eb.fn.min<number>('ts').as('ts'))
      .where('thing_name', '=', thingName)
      .where('metric_key', '=', metricKey)
      .executeTakeFirst(),
    reportTimeOf(db, thingName, metricKey, 'first'),
    db
      .selectFrom('metric_blocks')
      .select((eb) => eb.fn.min<number>('first_ts').as('ts'))
      .where('thing_name', '=', thingName)
      .where('metric_key', '=', metricKey)
      .executeTakeFirst(),
  ]);
  const times = [row?.ts, report, block?.ts].filter((t) => t !== null && t !== undefined).map(Number);
  return times.length === 0 ? null : Math.min(...times);
}
