// Whether an alert may be e-mailed: only when the user's schedule is on and the moment falls on an
// enabled day between its from and to (both minutes included), read on the plant's wall clock.
import type { NotificationSettings } from './settings';
import { minutesOf } from './settings';
import { BoundedMap } from '../cache/bounded-map';

export const DEFAULT_TIME_ZONE = 'Europe/Prague';

const WEEKDAY_INDEX: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
/** Formatters kept by zone name (the IANA database names about 600 zones). */
export const SCHEDULE_FORMATTERS_CACHED = 1000;
const formatters = new BoundedMap<string, Intl.DateTimeFormat>(SCHEDULE_FORMATTERS_CACHED);

/** Zone names with a formatter kept now. */
export function scheduleFormattersCached(): number {
  return formatters.size;
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The weekday (Monday 0) and minute of the day at `at` on the wall clock of `timeZone`. */
export function wallClock(at: Date, timeZone: string): { day: number; minute: number } {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const parts = formatterFor(zone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: WEEKDAY_INDEX[part('weekday')] ?? 0, minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

export function shouldEmail(settings: NotificationSettings, at: Date, timeZone: string): boolean {
  if (!settings.enabled) return false;
  const { day, minute } = wallClock(at, timeZone);
  const today = settings.days.find((d) => d.day === day);
  if (!today?.enabled) return false;
  const from = minutesOf(today.from);
  const to = minutesOf(today.to);
  return from !== null && to !== null && minute >= from && minute <= to;
}
