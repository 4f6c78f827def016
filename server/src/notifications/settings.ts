// A user's notification schedule: the period (allDays, weekdays or custom), the master switch and
// seven days. Days are 0–6 with Monday 0; the older form numbers them 1–7 (Monday 1) and is
// normalised here. Pure.
import { ApiError } from '../http/errors';

import {
  DAY_COUNT,
  DEFAULT_FROM,
  DEFAULT_TO,
  PERIODS,
  WORKDAY_COUNT,
  defaultSettings,
  type DaySetting,
  type NotificationSettings,
  type Period,
} from '@helio/contracts';

export { DAY_COUNT, DEFAULT_FROM, DEFAULT_TO, PERIODS, WORKDAY_COUNT, defaultSettings };
export type { DaySetting, NotificationSettings, Period };

/** HH:mm or H:mm (the older form) → minutes after midnight; null when it is no time of day. */
export function minutesOf(time: string): number | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A schedule refused (NotificationScheduleInvalid): not the seven weekdays, a time that is none, a day ending before it starts. */
const scheduleRefusal = (message: string, details: { reason: 'days' | 'time' | 'order' } & Record<string, unknown>) =>
  new ApiError(400, 'NotificationScheduleInvalid', message, details);

/**
 * The stored form of settings a client sent: days 0–6 sorted, times as HH:mm, and the day switches
 * of allDays / weekdays derived from the period (custom keeps each day's own). Throws a 400 ApiError
 * for anything that is not the seven weekdays numbered 0–6 or 1–7, or a day ending before it starts.
 */
export function normaliseSettings(input: NotificationSettings): NotificationSettings {
  const numbers = input.days.map((d) => d.day);
  const distinct = new Set(numbers);
  const zeroBased = numbers.every((n) => n >= 0 && n <= 6);
  const oneBased = numbers.every((n) => n >= 1 && n <= 7);
  if (numbers.length !== DAY_COUNT || distinct.size !== DAY_COUNT || (!zeroBased && !oneBased)) {
    throw scheduleRefusal('days must be the seven weekdays, numbered 0–6 (Monday 0) or 1–7 (Monday 1)', { reason: 'days', days: numbers });
  }
  const shift = zeroBased ? 0 : 1;
  const days = input.days
    .map((d) => {
      const from = minutesOf(d.from);
      const to = minutesOf(d.to);
      if (from === null || to === null) throw scheduleRefusal('from and to must be times of day as HH:mm', { reason: 'time', day: d.day });
      if (to < from) throw scheduleRefusal('to must not be before from', { reason: 'order', day: d.day, from: d.from, to: d.to });
      const day = d.day - shift;
      const enabled = input.period === 'allDays' ? true : input.period === 'weekdays' ? day < WORKDAY_COUNT : d.enabled;
      return { day, enabled, from: hhmm(from), to: hhmm(to) };
    })
    .sort((a, b) => a.day - b.day);
  return { period: input.period, enabled: input.enabled, days };
}

/** Settings read back from storage; anything unreadable falls back to the defaults. */
export function parseStoredSettings(row: { period: string; enabled: number; days: string }): NotificationSettings {
  try {
    const days = JSON.parse(row.days) as DaySetting[];
    const period = (PERIODS as readonly string[]).includes(row.period) ? (row.period as Period) : 'custom';
    return normaliseSettings({ period, enabled: row.enabled === 1, days });
  } catch {
    return defaultSettings();
  }
}
