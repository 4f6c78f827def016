// Analytics: the periods a page asks about, the figures a benchmark ranks by and the size classes of
// a peer group. Plain values, so browser bundles take them without the schema runtime.

export const ANALYTICS_PERIOD_KINDS = ['day', 'month', 'year', 'custom'] as const;
export type AnalyticsPeriodKind = (typeof ANALYTICS_PERIOD_KINDS)[number];

/** A custom period spans at most this many days (read from day roll-ups). */
export const MAX_CUSTOM_PERIOD_DAYS = 366;

export const BENCHMARK_METRICS = ['specificYield', 'performanceRatio', 'availability'] as const;
export type BenchmarkMetric = (typeof BENCHMARK_METRICS)[number];

/** Peak power classes (kWp): a house roof, a business roof, a field. */
export const SIZE_CLASSES = ['small', 'medium', 'large'] as const;
export type SizeClass = (typeof SIZE_CLASSES)[number];
export const SIZE_CLASS_LIMITS_KWP = { small: 10, medium: 100 } as const;

export function sizeClassOf(pvPeakKw: number): SizeClass {
  if (pvPeakKw < SIZE_CLASS_LIMITS_KWP.small) return 'small';
  return pvPeakKw < SIZE_CLASS_LIMITS_KWP.medium ? 'medium' : 'large';
}

/** A page filters by up to this many tags (a plant with any of them counts). */
export const MAX_ANALYTICS_TAGS = 50;
/** The top and the bottom plants shown on the overview. */
export const EXTREME_PLANTS = 5;
