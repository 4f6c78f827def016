// How a forecast did on one day: hour by hour, the forecast's mean PV power against the plant's,
// and the same for persistence (the day before, hour by hour), the reference every forecast must beat.
import { HOUR_MS, STEP_MS, STEPS_PER_HOUR } from './series';

export interface DayScore {
  /** Hours compared (those with actual, forecast and persistence values). */
  hours: number;
  maeW: number;
  persistenceMaeW: number;
  forecastKwh: number;
  actualKwh: number;
}

/** The forecast's mean power over the hour starting at `hour`, or undefined outside it. */
export function forecastHourW(forecast: { slot: number; pv: readonly number[] }, hour: number): number | undefined {
  const first = (hour - forecast.slot) / STEP_MS;
  if (first < 0 || first + STEPS_PER_HOUR > forecast.pv.length || !Number.isInteger(first)) return undefined;
  let sum = 0;
  for (let s = first; s < first + STEPS_PER_HOUR; s++) sum += forecast.pv[s];
  return sum / STEPS_PER_HOUR;
}

/** Scores the forecast over the day's hours (their starts); undefined when no hour can be compared. */
export function scoreDay(
  forecast: { slot: number; pv: readonly number[] },
  dayHours: readonly number[],
  actualPv: ReadonlyMap<number, number>,
): DayScore | undefined {
  let hours = 0;
  let errorSum = 0;
  let persistenceSum = 0;
  let forecastWh = 0;
  let actualWh = 0;
  for (const hour of dayHours) {
    const actual = actualPv.get(hour);
    const predicted = forecastHourW(forecast, hour);
    const yesterday = actualPv.get(hour - 24 * HOUR_MS);
    if (actual === undefined || predicted === undefined || yesterday === undefined) continue;
    hours++;
    errorSum += Math.abs(actual - predicted);
    persistenceSum += Math.abs(actual - yesterday);
    forecastWh += predicted;
    actualWh += actual;
  }
  if (hours === 0) return undefined;
  return {
    hours,
    maeW: errorSum / hours,
    persistenceMaeW: persistenceSum / hours,
    forecastKwh: forecastWh / 1000,
    actualKwh: actualWh / 1000,
  };
}

/** 1 − MAE / persistence MAE; null when persistence made no error at all. */
export const skillOf = (maeW: number, persistenceMaeW: number): number | null => (persistenceMaeW > 0 ? 1 - maeW / persistenceMaeW : null);
