// p10/p90 bands from the plant's own past errors: each earlier forecast is compared, hour by hour,
// with what the plant produced; the errors, as a share of the clear-sky output, are grouped by how
// far ahead the hour was (6-hour groups), and their 10th and 90th percentiles widen the new forecast.
import { HOUR_MS, STEPS_PER_HOUR, type ForecastSeries } from './series';
import { quantile } from './stats';

export const HORIZON_GROUP_HOURS = 6;
/** Fewer errors than this in a group, and the pooled errors of every group serve it. */
const MIN_ERRORS = 12;

export interface PastForecast {
  slot: number;
  series: Pick<ForecastSeries, 'pv' | 'clear'>;
}

export type ErrorBands = Array<[number, number] | undefined>;

/** Relative error quantiles per horizon group; undefined when there are too few errors at all. */
export function errorBands(past: readonly PastForecast[], actualPv: ReadonlyMap<number, number>, peakW: number): ErrorBands | undefined {
  const groups: number[][] = [];
  for (const forecast of past) {
    const hours = Math.floor(forecast.series.pv.length / STEPS_PER_HOUR);
    for (let j = 0; j < hours; j++) {
      const actual = actualPv.get(forecast.slot + j * HOUR_MS);
      if (actual === undefined) continue;
      let pv = 0;
      let clear = 0;
      for (let s = j * STEPS_PER_HOUR; s < (j + 1) * STEPS_PER_HOUR; s++) {
        pv += forecast.series.pv[s] / STEPS_PER_HOUR;
        clear += forecast.series.clear[s] / STEPS_PER_HOUR;
      }
      // Dawn and dusk: relative errors of tiny outputs would swamp the rest.
      if (clear < 0.05 * peakW) continue;
      const group = Math.floor(j / HORIZON_GROUP_HOURS);
      (groups[group] ??= []).push((actual - pv) / clear);
    }
  }
  const pooled = groups.flat().filter((e) => e !== undefined);
  if (pooled.length < MIN_ERRORS) return undefined;
  const pooledBand: [number, number] = [quantile(pooled, 0.1), quantile(pooled, 0.9)];
  const bands: ErrorBands = [];
  for (let g = 0; g < groups.length; g++) {
    const errors = groups[g] ?? [];
    bands[g] = errors.length >= MIN_ERRORS ? [quantile(errors, 0.1), quantile(errors, 0.9)] : pooledBand;
  }
  return bands.map((band) => band ?? pooledBand);
}

/** The band of a step `hoursAhead` of the issue, from the groups (the last group serves beyond). */
export function bandAt(bands: ErrorBands, hoursAhead: number): [number, number] | undefined {
  if (bands.length === 0) return undefined;
  return bands[Math.min(Math.floor(hoursAhead / HORIZON_GROUP_HOURS), bands.length - 1)];
}
