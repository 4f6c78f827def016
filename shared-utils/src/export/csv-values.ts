// What every CSV export writes for times, values and its file name, so all exports agree: times in the
// plant's wall clock with its offset (a spreadsheet shows the plant's hours, a script still has the
// instant), values rounded to their unit's precision (no 0.30000000000000004 kWh), and a file named by
// the plant-local days it actually holds (a Saturday in Prague is not the Friday its UTC start falls on).
import { zonedParts } from '../energy/plant-time';
import { metricUnit } from '../shadow/metric-value';

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

/** A name part safe on every file system: accents dropped, anything but letters, digits, _ . - as one '-'. */
export function csvNamePart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * `<prefix>_<first day>.csv`, or `<prefix>_<first day>_<last day>.csv` when the period spans days, in the
 * plant's calendar; `end` is exclusive (a day's period ends at the next midnight). The prefix's parts
 * (a plant's name, a metric, a granularity) are joined with '_', each made safe for a file name.
 */
export function csvFileName(prefix: string | readonly string[], start: number, end: number, timeZone: string): string {
  return csvFileNameOfDays(prefix, plantDate(start, timeZone), plantDate(Math.max(start, end - 1), timeZone));
}

/** As csvFileName, for a period already in plant-local days (YYYY-MM-DD, both inclusive). */
export function csvFileNameOfDays(prefix: string | readonly string[], firstDay: string, lastDay: string): string {
  const name = (typeof prefix === 'string' ? [prefix] : prefix)
    .map(csvNamePart)
    .filter((part) => part !== '')
    .join('_');
  return firstDay === lastDay ? `${name}_${firstDay}.csv` : `${name}_${firstDay}_${lastDay}.csv`;
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
  'EUR/MWh': 2,
  'CZK/kWh': 4,
  'EUR/kWh': 4,
  CZK: 2,
  EUR: 2,
  kWp: 3,
  'kWh/kWp': 2,
  h: 2,
};

/** A value rounded to its unit's precision (3 places for a unit not listed); null stays empty. */
export function csvNumber(value: number | null | undefined, unit: string): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const factor = 10 ** (CSV_DIGITS[unit] ?? 3);
  return Math.round(value * factor) / factor;
}

/** A metric's value rounded to the precision of the metric's unit (metricUnit); a unitless one keeps 3 places. */
export function csvMetricNumber(value: number | null | undefined, metricKey: string): number | null {
  return csvNumber(value, metricUnit(metricKey));
}
