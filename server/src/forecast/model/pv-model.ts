// PV: clear-sky output on the plant's panels × the plant's performance factor × a cloud factor.
// The performance factor is what the plant delivers of its clear-sky output on its clearest hours of
// the last 14 days (inverter, wiring, soiling, shading, a wrong tilt in the settings). The offline
// cloud factor is the clear-sky index (actual ÷ expected clear-sky output): the last hours' index,
// persisting for a few hours, blending into the median index of the same hour of day over the last
// 14 days — persistence where it is skilful, similar days where it is not.
import { BoundedMap } from '../../cache/bounded-map';
import { meanClearPoa, type SolarSite } from '../../solar/site-irradiance';
import { HOUR_MS, localHourOf, type PlantClock } from './series';
import { clamp, median, quantile } from './stats';

export const PV_LOOKBACK_DAYS = 14;
/** Used until the plant has enough clear hours to learn its own. */
export const DEFAULT_PERFORMANCE_FACTOR = 0.8;
/** Hours over which the last observed clear-sky index fades into the hour-of-day median. */
const PERSISTENCE_HOURS = 3;
/** Hours of a clear sky bright enough (W/m² on the panel) to learn the performance factor from. */
const BRIGHT_POA = 300;
/** Below this plane-of-array irradiance the clear-sky index is noise. */
const DIM_POA = 50;

/** Hours of clear-sky irradiance kept between issue runs, over every site (about 40 bytes each). */
const MAX_KEPT_HOURS = 500_000;
/** Site and hour → irradiance; past the bound the least recently used hour goes. */
export type ClearSkyHours = BoundedMap<string, number>;
const keptHours: ClearSkyHours = new BoundedMap(MAX_KEPT_HOURS);

/**
 * Mean clear-sky plane-of-array irradiance of an hour. Kept per site and hour, so the hourly run
 * computes only the hours it has not seen (the past 14 days are the same hours an hour later).
 * `kept`: where (a test passes a small one).
 */
export function hourlyClearPoa(site: SolarSite, kept: ClearSkyHours = keptHours): (hourStart: number) => number {
  const siteKey = `${site.latitude},${site.longitude},${site.tiltDeg},${site.azimuthDeg},${site.altitudeM}`;
  return (hourStart) => {
    const key = `${siteKey}|${hourStart}`;
    let poa = kept.get(key);
    if (poa === undefined) kept.set(key, (poa = meanClearPoa(site, hourStart, HOUR_MS)));
    return poa;
  };
}

export interface PvModel {
  performanceFactor: number;
  /** Expected cloud factor (clear-sky index) at an instant. */
  clearness(ts: number): number;
  /** p10 and p90 of the clear-sky index seen at that hour of day. */
  clearnessBand(ts: number): [number, number];
}

export function learnPv(
  pv: ReadonlyMap<number, number>,
  peakW: number,
  clock: PlantClock,
  issueSlot: number,
  clearPoa: (hourStart: number) => number,
): PvModel {
  const from = issueSlot - PV_LOOKBACK_DAYS * 24 * HOUR_MS;
  const hours: Array<{ hour: number; watts: number; poa: number }> = [];
  for (const [hour, watts] of pv) {
    if (hour >= from && hour < issueSlot) hours.push({ hour, watts, poa: clearPoa(hour) });
  }
  const bright = hours.filter((h) => h.poa >= BRIGHT_POA).map((h) => h.watts / ((peakW * h.poa) / 1000));
  const performanceFactor = bright.length >= 6 ? clamp(quantile(bright, 0.9), 0.2, 1.2) : DEFAULT_PERFORMANCE_FACTOR;

  const byHour = new Map<number, number[]>();
  const all: number[] = [];
  let recent: { hour: number; sum: number; count: number } | undefined;
  for (const h of hours) {
    if (h.poa < DIM_POA) continue;
    const k = clamp(h.watts / ((performanceFactor * peakW * h.poa) / 1000), 0, 1.5);
    const hod = localHourOf(clock, h.hour);
    (byHour.get(hod) ?? byHour.set(hod, []).get(hod)!).push(k);
    all.push(k);
    if (h.hour >= issueSlot - PERSISTENCE_HOURS * HOUR_MS) {
      recent = recent
        ? { hour: Math.max(recent.hour, h.hour), sum: recent.sum + k, count: recent.count + 1 }
        : { hour: h.hour, sum: k, count: 1 };
    }
  }
  const overall = all.length > 0 ? median(all) : 1;
  const overallBand: [number, number] = all.length >= 5 ? [quantile(all, 0.1), quantile(all, 0.9)] : [0.2, 1];
  // By local hour of day, computed once each.
  const profiles = new Map<number, { median: number; band: [number, number] }>();
  const byLocalHour = (ts: number) => {
    const hour = localHourOf(clock, ts);
    let kept = profiles.get(hour);
    if (!kept) {
      const values = byHour.get(hour) ?? [];
      kept = {
        median: values.length >= 3 ? median(values) : overall,
        band: values.length >= 5 ? [quantile(values, 0.1), quantile(values, 0.9)] : overallBand,
      };
      profiles.set(hour, kept);
    }
    return kept;
  };
  const profile = (ts: number) => byLocalHour(ts).median;
  return {
    performanceFactor,
    clearness(ts) {
      if (!recent) return profile(ts);
      const weight = Math.exp(-Math.max(0, ts - (recent.hour + HOUR_MS)) / (PERSISTENCE_HOURS * HOUR_MS));
      return weight * (recent.sum / recent.count) + (1 - weight) * profile(ts);
    },
    clearnessBand: (ts) => byLocalHour(ts).band,
  };
}
