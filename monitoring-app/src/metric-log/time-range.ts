// The range and granularity pickers of a metric's log: which bucket sizes a range allows (the API
// refuses more than 10,000 buckets per key) and a sensible default for each range.
import type { Granularity } from '@helio/shared-utils';

export const MAX_BUCKETS = 10_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const GRANULARITIES: readonly Granularity[] = ['1m', '15m', '1h', '1d', '1M'];

/** Bucket length; a month counts as 28 days so the estimate never falls below the real count. */
export const GRANULARITY_MS: Record<Granularity, number> = {
  '1m': MINUTE,
  '15m': 15 * MINUTE,
  '1h': HOUR,
  '1d': DAY,
  '1M': 28 * DAY,
};

export type RangePreset = 'day' | 'week' | 'month' | 'year';

export const RANGE_PRESETS: readonly RangePreset[] = ['day', 'week', 'month', 'year'];

const PRESET_MS: Record<RangePreset, number> = { day: DAY, week: 7 * DAY, month: 30 * DAY, year: 365 * DAY };

/** Readable without zooming: about a hundred to a thousand points per range. */
const DEFAULT_GRANULARITY: Record<RangePreset, Granularity> = { day: '15m', week: '1h', month: '1h', year: '1d' };

export interface TimeRange {
  start: Date;
  end: Date;
}

/** The preset's window ending now. */
export function rangeOf(preset: RangePreset, now: Date): TimeRange {
  return { start: new Date(now.getTime() - PRESET_MS[preset]), end: now };
}

export function bucketCount(range: TimeRange, granularity: Granularity): number {
  return Math.ceil((range.end.getTime() - range.start.getTime()) / GRANULARITY_MS[granularity]);
}

/** Granularities the API will answer for the range: at least one bucket, at most MAX_BUCKETS per key. */
export function allowedGranularities(preset: RangePreset): Granularity[] {
  const range = rangeOf(preset, new Date(0));
  return GRANULARITIES.filter((g) => bucketCount(range, g) <= MAX_BUCKETS && GRANULARITY_MS[g] <= PRESET_MS[preset]);
}

export function defaultGranularity(preset: RangePreset): Granularity {
  return DEFAULT_GRANULARITY[preset];
}

/** Keeps the chosen granularity when the new range allows it, else the range's default. */
export function granularityFor(preset: RangePreset, wanted: Granularity): Granularity {
  return allowedGranularities(preset).includes(wanted) ? wanted : defaultGranularity(preset);
}
