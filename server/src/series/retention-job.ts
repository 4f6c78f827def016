// The series-retention leader job: each run reads the tiers' ages (an operator's settings over the
// configured defaults, tier-settings.ts), compacts and prunes every tier (tier-retention.ts), then
// measures what each tier holds for /services (tier-sizes.ts). A failed run is logged and retried next time.
import type { Kysely } from 'kysely';
import { TIER_DAYS_MAX } from '@helio/contracts';
import type { Database } from '../db/schema';
import { startLeaderJob } from '../jobs/leader-job';
import { applyTierRetention } from './tier-retention';
import { recordTierSizes } from './tier-sizes';
import { defaultTierDays, readTierDays, SERIES_TIERS } from './tier-settings';

export interface RetentionLog {
  info(message: string): void;
  error(message: string): void;
}

export interface RunningRetention {
  stop(options?: { release?: boolean }): Promise<void>;
}

export const RETENTION_JOB = 'series-retention';

/** Runs now and then every `intervalMs` (default hourly) on the replica that leads the job. */
export function startRawRetention(opts: {
  db: Kysely<Database>;
  /** The raw tier's default age (RAW_RETENTION_DAYS). */
  retentionDays: number;
  /** The hour and day tiers' default age (ROLLUP_RETENTION_DAYS); unset keeps them. */
  rollupRetentionDays?: number;
  log: RetentionLog;
  intervalMs?: number;
  leaseTtlMs?: number;
  holder?: string;
}): RunningRetention {
  const defaults = defaultTierDays({
    rawRetentionDays: opts.retentionDays,
    rollupRetentionDays: opts.rollupRetentionDays ?? TIER_DAYS_MAX,
  });
  const run = async (now: number) => {
    const { days } = await readTierDays(opts.db, defaults);
    const { compacted, deleted } = await applyTierRetention(opts.db, days, now);
    if (compacted > 0) opts.log.info(`time series: kept ${compacted} 1- and 15-minute buckets of raw samples past the raw tier`);
    for (const tier of SERIES_TIERS) {
      const what = tier === 'raw' ? 'raw samples' : `${tier} buckets`;
      if (deleted[tier] > 0) opts.log.info(`time series: deleted ${deleted[tier]} ${what} older than ${days[tier]} days`);
    }
    await recordTierSizes(opts.db, now);
  };
  const job = startLeaderJob({
    db: opts.db,
    name: RETENTION_JOB,
    everyMs: opts.intervalMs ?? 3_600_000,
    ttlMs: opts.leaseTtlMs,
    holder: opts.holder,
    log: opts.log,
    work: (now) => run(now).catch((error: unknown) => opts.log.error(`time series: retention failed: ${String(error)}`)),
  });
  return { stop: (options) => job.stop(options) };
}
