// How long each retention tier is kept: the server's configured defaults, overridden per tier by what
// an operator set (series_tiers, migration 075). A coarser tier is never kept shorter than a finer one:
// the 1- and 15-minute buckets are made from raw samples, and raw samples are found for pruning through
// their month roll-ups, so each tier must outlive the one it is made from.
import type { Kysely } from 'kysely';
import { SERIES_TIERS, tierOrderProblem, type SeriesTier } from '@helio/contracts';
import type { Database } from '../db/schema';

export { SERIES_TIERS, type SeriesTier };
export type TierDays = Record<SeriesTier, number>;

/** The configured defaults: 1- and 15-minute buckets as long as raw samples (they are read from them), roll-ups as long as ROLLUP_RETENTION_DAYS. */
export function defaultTierDays(config: { rawRetentionDays: number; rollupRetentionDays: number }): TierDays {
  const raw = config.rawRetentionDays;
  const rollups = Math.max(config.rollupRetentionDays, raw);
  return { raw, '1m': raw, '15m': raw, '1h': rollups, '1d': rollups };
}

export class TierOrderError extends Error {
  constructor(
    readonly finer: SeriesTier,
    readonly coarser: SeriesTier,
    readonly days: TierDays,
  ) {
    super(`The ${coarser} tier (${days[coarser]} days) cannot be kept shorter than the ${finer} tier (${days[finer]} days)`);
  }
}

/** The days each tier is kept now: an operator's setting where there is one, else the default. */
export async function readTierDays(db: Kysely<Database>, defaults: TierDays): Promise<{ days: TierDays; custom: Set<SeriesTier> }> {
  const rows = await db.selectFrom('series_tiers').select(['tier', 'retention_days']).execute();
  const days = { ...defaults };
  const custom = new Set<SeriesTier>();
  for (const row of rows) {
    const tier = SERIES_TIERS.find((t) => t === row.tier);
    if (!tier) continue;
    days[tier] = Number(row.retention_days);
    custom.add(tier);
  }
  // A default changed under a setting (RAW_RETENTION_DAYS raised past a tier set before) keeps the order by keeping more.
  for (let i = 1; i < SERIES_TIERS.length; i++) days[SERIES_TIERS[i]!] = Math.max(days[SERIES_TIERS[i]!], days[SERIES_TIERS[i - 1]!]);
  return { days, custom };
}

/**
 * Sets one tier's days (the default's value forgets the setting). Refused with TierOrderError when the
 * tiers would then be out of order; the other tiers are left as they are, so an operator lengthens the
 * coarse tiers before the fine ones.
 */
export async function setTierDays(
  db: Kysely<Database>,
  defaults: TierDays,
  change: { tier: SeriesTier; days: number; by: string; now?: number },
): Promise<{ before: TierDays; after: TierDays }> {
  return db.transaction().execute(async (trx) => {
    const { days } = await readTierDays(trx, defaults);
    const next = { ...days, [change.tier]: change.days };
    const problem = tierOrderProblem(next);
    if (problem) throw new TierOrderError(problem.finer, problem.coarser, next);
    await trx.deleteFrom('series_tiers').where('tier', '=', change.tier).execute();
    if (change.days !== defaults[change.tier]) {
      await trx
        .insertInto('series_tiers')
        .values({ tier: change.tier, retention_days: change.days, updated_at: change.now ?? Date.now(), updated_by: change.by })
        .execute();
    }
    return { before: days, after: next };
  });
}

export interface TierView {
  tier: SeriesTier;
  retentionDays: number;
  defaultDays: number;
  custom: boolean;
  rows: number | null;
  bytes: number | null;
  oldest: string | null;
  newest: string | null;
  measuredAt: string | null;
}

const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

/** Every tier, finest first: its days and what the retention job last measured of it (tier-sizes.ts). */
export async function tierViews(db: Kysely<Database>, defaults: TierDays): Promise<TierView[]> {
  const [{ days, custom }, sizes] = await Promise.all([
    readTierDays(db, defaults),
    db.selectFrom('series_tier_sizes').selectAll().execute(),
  ]);
  return SERIES_TIERS.map((tier) => {
    const size = sizes.find((s) => s.tier === tier);
    return {
      tier,
      retentionDays: days[tier],
      defaultDays: defaults[tier],
      custom: custom.has(tier),
      rows: size ? Number(size.row_count) : null,
      bytes: size?.bytes === null || size?.bytes === undefined ? null : Number(size.bytes),
      oldest: iso(size?.oldest),
      newest: iso(size?.newest),
      measuredAt: iso(size?.measured_at),
    };
  });
}
