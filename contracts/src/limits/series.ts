// Time-series requests: the bucket sizes and how much one request may ask for.
/** 1 minute, 15 minutes, 1 hour, 1 day, 1 month (default 1 hour). */
export const GRANULARITIES = ['1m', '15m', '1h', '1d', '1M'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const DEFAULT_GRANULARITY: Granularity = '1h';
/** Buckets one metric may answer. */
export const MAX_BUCKETS = 10_000;
/** Metric keys one request may name. */
export const MAX_SERIES_KEYS = 32;
/** Buckets × metrics a request on raw samples (1m, 15m) may ask for: 10,000 minutes of 4 metrics. */
export const MAX_RAW_CELLS = 40_000;

/** Retention tiers of the time series, finest first: raw samples, 1-minute and 15-minute buckets, the hour and day roll-ups. */
export const SERIES_TIERS = ['raw', '1m', '15m', '1h', '1d'] as const;
export type SeriesTier = (typeof SERIES_TIERS)[number];
/** Days a tier may be kept. */
export const TIER_DAYS_MIN = 1;
export const TIER_DAYS_MAX = 36_500;

/** Why a set of tier ages is refused: a coarser tier kept shorter than a finer one (the first such pair), or nothing. */
export function tierOrderProblem(days: Readonly<Record<SeriesTier, number>>): { finer: SeriesTier; coarser: SeriesTier } | null {
  for (let i = 1; i < SERIES_TIERS.length; i++) {
    const [finer, coarser] = [SERIES_TIERS[i - 1], SERIES_TIERS[i]];
    if (days[coarser] < days[finer]) return { finer, coarser };
  }
  return null;
}
