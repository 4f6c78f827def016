// Which hours of a day to point out: the cheapest and the dearest few, as an operator plans when to
// charge the battery or the car and when to sell.
import type { SpotPrice } from '@helio/shared-utils';

export const MARKED_HOURS = 3;

export type PriceMark = 'cheapest' | 'dearest' | null;

/** A mark per price of one day; with fewer prices than twice the marks, only the extremes are marked. */
export function markPrices(prices: readonly SpotPrice[], count = MARKED_HOURS): PriceMark[] {
  const n = Math.min(count, Math.floor(prices.length / 2));
  const order = prices.map((p, i) => ({ i, v: p.eurMwh }));
  const cheapest = new Set(
    [...order]
      .sort((a, b) => a.v - b.v || a.i - b.i)
      .slice(0, n)
      .map((x) => x.i),
  );
  const dearest = new Set(
    order
      .filter((x) => !cheapest.has(x.i))
      .sort((a, b) => b.v - a.v || a.i - b.i)
      .slice(0, n)
      .map((x) => x.i),
  );
  return prices.map((_, i) => (cheapest.has(i) ? 'cheapest' : dearest.has(i) ? 'dearest' : null));
}

export interface DaySummary {
  min: SpotPrice;
  max: SpotPrice;
  /** time-weighted average, EUR/MWh */
  averageEurMwh: number;
}

export function summarise(prices: readonly SpotPrice[]): DaySummary | null {
  if (prices.length === 0) return null;
  let min = prices[0];
  let max = prices[0];
  let weighted = 0;
  let duration = 0;
  for (const price of prices) {
    if (price.eurMwh < min.eurMwh) min = price;
    if (price.eurMwh > max.eurMwh) max = price;
    const minutes = (Date.parse(price.end) - Date.parse(price.start)) / 60_000;
    weighted += price.eurMwh * minutes;
    duration += minutes;
  }
  return { min, max, averageEurMwh: weighted / duration };
}
