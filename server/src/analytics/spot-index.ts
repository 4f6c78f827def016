// Mean spot price over any interval in O(log n): prefix sums of price × minutes over the periods,
// so a year of hourly prices prices a thousand plants' buckets without a scan per bucket.
import type { SpotPrice } from '../spot/spot-store';

export class SpotIndex {
  private readonly starts: number[];
  private readonly weighted: number[] = [0];
  private readonly minutes: number[] = [0];

  constructor(prices: readonly Pick<SpotPrice, 'start' | 'minutes' | 'eurMwh'>[]) {
    const sorted = [...prices].sort((a, b) => a.start - b.start);
    this.starts = sorted.map((price) => price.start);
    for (const price of sorted) {
      this.weighted.push((this.weighted.at(-1) ?? 0) + price.eurMwh * price.minutes);
      this.minutes.push((this.minutes.at(-1) ?? 0) + price.minutes);
    }
  }

  /** Time-weighted mean EUR/MWh of the periods starting in [from, to); null where none exists. */
  meanEurMwh(from: number, to: number): number | null {
    const first = this.firstAtOrAfter(from);
    const last = this.firstAtOrAfter(to);
    const minutes = (this.minutes[last] ?? 0) - (this.minutes[first] ?? 0);
    if (minutes <= 0) return null;
    return ((this.weighted[last] ?? 0) - (this.weighted[first] ?? 0)) / minutes;
  }

  private firstAtOrAfter(at: number): number {
    let low = 0;
    let high = this.starts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.starts[mid] ?? 0) < at) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
