// Load: the similar-day forecast. For each hour ahead, the median of the same weekday and hour of
// day over the last four weeks (the p10/p90 of those days as its band); with fewer than two such
// days, every day's same hour.
import { HOUR_MS, localHourOf, localWeekdayOf, type PlantClock } from './series';
import { median, quantile } from './stats';

export const LOAD_LOOKBACK_DAYS = 28;

export interface LoadEstimate {
  w: number;
  p10: number;
  p90: number;
}

export type LoadByHour = (hourStart: number) => LoadEstimate;

/** The load model learned from `load` (hourly means by hour start) before `issueSlot`. */
export function learnLoad(load: ReadonlyMap<number, number>, clock: PlantClock, issueSlot: number): LoadByHour {
  const sameDay = new Map<string, number[]>();
  const sameHour = new Map<number, number[]>();
  const from = issueSlot - LOAD_LOOKBACK_DAYS * 24 * HOUR_MS;
  for (const [hour, watts] of load) {
    if (hour < from || hour >= issueSlot) continue;
    const h = localHourOf(clock, hour);
    const key = `${localWeekdayOf(clock, hour)}:${h}`;
    (sameDay.get(key) ?? sameDay.set(key, []).get(key)!).push(watts);
    (sameHour.get(h) ?? sameHour.set(h, []).get(h)!).push(watts);
  }
  const all = [...sameHour.values()].flat();
  const overall = all.length > 0 ? median(all) : 0;
  const estimates = new Map<string, LoadEstimate>();
  return (hourStart) => {
    const h = localHourOf(clock, hourStart);
    const key = `${localWeekdayOf(clock, hourStart)}:${h}`;
    let estimate = estimates.get(key);
    if (!estimate) {
      let values = sameDay.get(key) ?? [];
      if (values.length < 2) values = sameHour.get(h) ?? [];
      estimate =
        values.length === 0
          ? { w: overall, p10: overall, p90: overall }
          : { w: median(values), p10: quantile(values, 0.1), p90: quantile(values, 0.9) };
      estimates.set(key, estimate);
    }
    return estimate;
  };
}
