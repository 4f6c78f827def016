// The shape of a forecast and of the history it learns from. Times are epoch ms; powers W.
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const STEP_MS = 15 * 60_000;
export const STEPS_PER_HOUR = HOUR_MS / STEP_MS;

/** One forecast: arrays of equal length, one value per 15-minute step from its slot. */
export interface ForecastSeries {
  /** Expected output under a clear sky (performance factor applied). */
  clear: number[];
  pv: number[];
  pvP10: number[];
  pvP90: number[];
  load: number[];
  loadP10: number[];
  loadP90: number[];
}

/** Hourly mean powers by hour start (from the hour roll-ups). */
export interface PlantHistory {
  pv: Map<number, number>;
  load: Map<number, number>;
}

/** Where and how big the plant is, and how to read its wall clock. */
export interface PlantClock {
  /** Milliseconds to add to UTC for the plant's wall clock at an instant. */
  offsetAt(ts: number): number;
}

export const localHourOf = (clock: PlantClock, ts: number): number => Math.floor((ts + clock.offsetAt(ts)) / HOUR_MS) % 24;
/** 0 = Sunday … 6 = Saturday, on the plant's wall clock. */
export const localWeekdayOf = (clock: PlantClock, ts: number): number => (Math.floor((ts + clock.offsetAt(ts)) / DAY_MS) + 4) % 7;
