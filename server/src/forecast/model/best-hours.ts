// The best hours for flexible loads (a washing machine, a boiler, an EV) in the next 24 hours: first
// the hours with the most PV left over; when fewer than enough hours have a surplus and spot prices
// are known, the cheapest of the remaining hours.
import { HOUR_MS } from './series';

export interface HourOutlook {
  start: number;
  /** Mean surplus over the hour, W (negative: the load needs the grid). */
  surplusW: number;
  /** Spot price, CZK/kWh, when known. */
  priceCzkKwh: number | null;
}

export interface BestHourPick extends HourOutlook {
  reason: 'surplus' | 'price';
}

/** A surplus worth moving a load for, W. */
const USEFUL_SURPLUS_W = 300;

export function bestHours(hours: readonly HourOutlook[], count: number): BestHourPick[] {
  const bySurplus = hours.filter((h) => h.surplusW >= USEFUL_SURPLUS_W).sort((a, b) => b.surplusW - a.surplusW || a.start - b.start);
  const picks: BestHourPick[] = bySurplus.slice(0, count).map((h) => ({ ...h, reason: 'surplus' }));
  if (picks.length < count) {
    const taken = new Set(picks.map((p) => p.start));
    const byPrice = hours
      .filter((h) => !taken.has(h.start) && h.priceCzkKwh !== null)
      .sort((a, b) => (a.priceCzkKwh as number) - (b.priceCzkKwh as number) || a.start - b.start);
    picks.push(...byPrice.slice(0, count - picks.length).map((h) => ({ ...h, reason: 'price' as const })));
  }
  return picks.sort((a, b) => a.start - b.start);
}

export const hourEnd = (start: number) => start + HOUR_MS;
