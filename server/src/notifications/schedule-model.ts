// The notification schedule's shape and defaults (SPEC §3, §4, §9): no imports, so the browser's
// schedule rules bundle this very file (notifications-app) and both sides share one definition.

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
/** Workdays are the first five day indices (SPEC §9). */
export const WORKDAY_COUNT = 5;
export const DEFAULT_FROM = '08:00';
export const DEFAULT_TO = '16:00';

/** SPEC §4: period allDays, disabled, every day 8:00–16:00. */
export function defaultSettings(): NotificationSettings {
  return {
    period: 'allDays',
    enabled: false,
    days: Array.from({ length: DAY_COUNT }, (_, day) => ({ day, enabled: true, from: DEFAULT_FROM, to: DEFAULT_TO })),
  };
}
