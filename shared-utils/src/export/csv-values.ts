// What every CSV export writes for times, values and its file name, so all exports agree: times in the
// plant's wall clock with its offset (a spreadsheet shows the plant's hours, a script still has the
// instant), values rounded to their unit's precision (no 0.30000000000000004 kWh), and a file named by
// the plant-local days it actually holds (a Saturday in Prague is not the Friday its UTC start falls on).
import { zonedParts } from '../energy/plant-time';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as ISO 8601 in `timeZone`'s wall clock with the offset: 2026-11-28T14:00:00+01:00. */
export function plantTimestamp(instant: number, timeZone: string): string {
  const p = zonedParts(timeZone, instant);
  const offsetMinutes = Math.round(
    (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000) / 60_000,
  );
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const plantDate = (instant: number, timeZone: string) => plantTimestamp(instant, timeZone).slice(0, 10);

/**
 * `<prefix>_<first day>.csv`, or `<prefix>_<first day>_<last day>.csv` when the period spans days, in the
 * plant's calendar; `end` is exclusive (a day's period ends at the next midnight).
 */
export function csvFileName(prefix: string, start: number, end: number, timeZone: string): string {
  const first = plantDate(start, timeZone);
  const last = plantDate(Math.max(start, end - 1), timeZone);
  return first === last ? `${prefix}_${first}.csv` : `${prefix}_${first}_${last}.csv`;
}

/** Decimal places a value of each unit is written with. */
export const CSV_DIGITS: Readonly<Record<string, number>> = {
  W: 0,
  kW: 3,
  kWh: 3,
  Wh: 0,
  '%': 1,
  A: 1,
  V: 1,
  Hz: 2,
  '°C': 1,
  'CZK/MWh': 2,
};

/** A value rounded to its unit's precision (3 places for a unit not listed); null stays empty. */
export function csvNumber(value: number | null | undefined, unit: string): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const factor = 10 ** (CSV_DIGITS[unit] ?? 3);
  return Math.round(value * factor) / factor;
}
