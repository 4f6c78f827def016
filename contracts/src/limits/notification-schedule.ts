// The notification schedule's shape and defaults: period allDays, disabled, every day 8:00–16:00;
// workdays are the first five day indices. The server stores it, the schedule screen edits it.

export const PERIODS = ['allDays', 'weekdays', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

export interface DaySetting {
  day: number;
  enabled: boolean;
  /** HH:mm, 24-hour. */
  from: string;
  /** HH:mm, 24-hour; not before `from`. */
  to: string;
}

export interface NotificationSettings {
  period: Period;
  enabled: boolean;
  days: DaySetting[];
}

export const DAY_COUNT = 7;
/** Workdays are the first five day indices. */
export const WORKDAY_COUNT = 5;
export const DEFAULT_FROM = '08:00';
export const DEFAULT_TO = '16:00';

/** Period allDays, disabled, every day 8:00–16:00. */
export function defaultSettings(): NotificationSettings {
  return {
    period: 'allDays',
    enabled: false,
    days: Array.from({ length: DAY_COUNT }, (_, day) => ({ day, enabled: true, from: DEFAULT_FROM, to: DEFAULT_TO })),
  };
}
