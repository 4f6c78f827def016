// Remote control: the limits of commands, schedules and fleet commands, checked by both sides.

/** A control pending longer than this while its gateway is online is "not confirmed". */
export const RC_CONFIRM_TIMEOUT_MS = 60_000;
/** A command not confirmed within this long is expired. */
export const RC_COMMAND_EXPIRY_MS = 24 * 3_600_000;
export const RC_HISTORY_MAX = 1000;
export const RC_SCHEDULES_MAX = 50;
export const RC_SCHEDULE_KINDS = ['once', 'daily', 'workdays'] as const;
export type RcScheduleKind = (typeof RC_SCHEDULE_KINDS)[number];
/** cancelled: the user withdrew the value before the device took it (its desired value cleared). */
export const RC_COMMAND_STATES = ['sent', 'confirmed', 'superseded', 'expired', 'cancelled'] as const;
export type RcCommandState = (typeof RC_COMMAND_STATES)[number];
export const RC_COMMAND_SOURCES = ['user', 'schedule', 'fleet'] as const;
/** The keys a fleet command may set. */
export const RC_FLEET_KEYS = ['ExportLimit', 'OperMode'] as const;
export const RC_FLEET_MAX_PLANTS = 1000;
export const RC_FLEET_OUTCOMES = ['done', 'queued', 'refused', 'noBattery'] as const;
export type RcFleetOutcome = (typeof RC_FLEET_OUTCOMES)[number];
/** A local time of day, 24-hour HH:MM. */
export const RC_TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
export const RC_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
