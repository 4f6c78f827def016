// Axis ticks on the chart's own buckets (a month starts on its first day, not wherever uPlot would
// put a round number), at most about twelve of them so labels never overlap.
export function bucketTicks(xs: ArrayLike<number>, most = 12): number[] {
  const step = Math.max(1, Math.ceil(xs.length / most));
  return Array.from(xs).filter((_x, i) => i % step === 0);
}
