// Order statistics for small samples.

/** The p-quantile (0…1) of the values, linear between order statistics; NaN for none. */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

export const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));
