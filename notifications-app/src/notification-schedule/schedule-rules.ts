// Every rule of the notification schedule in one pure module; the screen only calls
// these. Days are 0–6 with Monday 0; times are 24-hour HH:mm text.

// The shape, constants and defaults are the contract's (one definition for the server and the browser).
import { WORKDAY_COUNT, type DaySetting, type NotificationSettings, type Period } from '@helio/contracts/limits';

export { DAY_COUNT, DEFAULT_FROM, DEFAULT_TO, PERIODS, WORKDAY_COUNT, defaultSettings } from '@helio/contracts/limits';
export type { NotificationSettings, Period } from '@helio/contracts/limits';
export type DaySchedule = DaySetting;

/** allDays enables every day, weekdays only those with index below 5; custom keeps each day's own state and times. */
export function applyPeriod(settings: NotificationSettings, period: Period): NotificationSettings {
  if (period === 'custom') return { ...settings, period };
  return { ...settings, period, days: settings.days.map((d) => ({ ...d, enabled: period === 'allDays' || d.day < WORKDAY_COUNT })) };
}

export function setMasterSwitch(settings: NotificationSettings, enabled: boolean): NotificationSettings {
  return { ...settings, enabled };
}

/** Changing any single day's toggle switches the period to custom. */
export function toggleDay(settings: NotificationSettings, day: number, enabled: boolean): NotificationSettings {
  return { ...settings, period: 'custom', days: settings.days.map((d) => (d.day === day ? { ...d, enabled } : d)) };
}

/**
 * Pressing a day card: a day that was off is switched on (a change of that day's toggle, so the
 * period becomes custom), and so are notifications if they were off; the screen then opens the dialog.
 */
export function pressDay(settings: NotificationSettings, day: number): NotificationSettings {
  const pressed = settings.days.find((d) => d.day === day);
  const withDay = pressed && !pressed.enabled ? toggleDay(settings, day, true) : settings;
  return withDay.enabled ? withDay : setMasterSwitch(withDay, true);
}

/** New times for one day; while the period is not custom they apply to every day. */
export function applyDayTimes(settings: NotificationSettings, day: number, times: { from: string; to: string }): NotificationSettings {
  const applies = (d: DaySchedule) => settings.period !== 'custom' || d.day === day;
  return { ...settings, days: settings.days.map((d) => (applies(d) ? { ...d, from: times.from, to: times.to } : d)) };
}

/** With the master switch off the period selector is disabled and the day cards are dimmed and do not react. */
export function isInteractive(settings: NotificationSettings): boolean {
  return settings.enabled;
}

// ---- the edit dialog ----

export type TimeField = 'from' | 'to';
export type TimeError = 'fieldRequired' | 'invalidTime' | 'toIsBeforeFrom';
export type TimeErrors = Partial<Record<TimeField, TimeError>>;
export type Touched = Partial<Record<TimeField, boolean>>;

/** A typed time in 24-hour form ("8", "8:05", "0805", "20.30") as HH:mm, or null when it is none. */
export function parseTime(text: string): string | null {
  const match = /^(\d{1,2})(?:[:.]?(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** Both times are required; the end must not be before the start (the message sits on the end field). */
export function validateTimes(draft: { from: string; to: string }): TimeErrors {
  const errors: TimeErrors = {};
  const from = parseTime(draft.from);
  const to = parseTime(draft.to);
  if (draft.from.trim() === '') errors.from = 'fieldRequired';
  else if (from === null) errors.from = 'invalidTime';
  if (draft.to.trim() === '') errors.to = 'fieldRequired';
  else if (to === null) errors.to = 'invalidTime';
  else if (from !== null && to < from) errors.to = 'toIsBeforeFrom';
  return errors;
}

/** Validation shows once a field is touched; the end-before-start message once either of the two is. */
export function visibleErrors(errors: TimeErrors, touched: Touched): TimeErrors {
  const visible: TimeErrors = {};
  if (errors.from && touched.from) visible.from = errors.from;
  if (errors.to && (touched.to || (errors.to === 'toIsBeforeFrom' && touched.from))) visible.to = errors.to;
  return visible;
}

export type CloseOutcome = { close: true; times: { from: string; to: string } } | { close: false; touched: Required<Touched> };

/** Closing saves only when both times are filled and the end is not before the start; otherwise every field shows its validation and the dialog stays open. */
export function closeDialog(draft: { from: string; to: string }): CloseOutcome {
  const from = parseTime(draft.from);
  const to = parseTime(draft.to);
  if (from !== null && to !== null && Object.keys(validateTimes(draft)).length === 0) return { close: true, times: { from, to } };
  return { close: false, touched: { from: true, to: true } };
}
