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
