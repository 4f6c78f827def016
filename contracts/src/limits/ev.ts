// EV figures both the server and the console rely on.
import { EV_CURRENT_MAX_A, EV_CURRENT_MIN_A } from '../device/charger-keys';
/** ev/sessions covers at most this many days per call. */
export const EV_SESSIONS_MAX_DAYS = 400;
/** ...and answers at most this many sessions (the newest). */
export const EV_SESSIONS_MAX = 2000;
/** ev/plan looks this many hours ahead at most: as far as the forecast and the day-ahead prices reach. */
export const EV_PLAN_MAX_HOURS = 48;
/** Plan slots are this long, like the forecast's steps and the 15-minute spot market. */
export const EV_PLAN_STEP_MINUTES = 15;
/** Chargers the fleet view lists at most. */
export const EV_FLEET_MAX = 2000;
/** A target energy above this is refused (no car battery is bigger). */
export const EV_PLAN_MAX_KWH = 200;

/** An OCPP charge point id: printable ASCII without the URL's reserved characters, at most 48 (OCPP's CiString48). */
export const CHARGE_POINT_ID_MAX = 48;
export const CHARGE_POINT_ID_PATTERN_SOURCE = '^[A-Za-z0-9._~-]{1,48}$';
/** A charger's name as people see it. */
export const CHARGER_NAME_MAX = 100;
/** OCPP chargers one plant may have. */
export const PLANT_CHARGERS_MAX = 50;
/** OCPP 1.6 ChargePointStatus values a connector reports. */
export const OCPP_CONNECTOR_STATUSES = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEVSE',
  'SuspendedEV',
  'Finishing',
  'Reserved',
  'Unavailable',
  'Faulted',
] as const;
export type OcppConnectorStatus = (typeof OCPP_CONNECTOR_STATUSES)[number];

/** OCPP's idTag (CiString20): an RFID card's id or a tag a remote start names. */
export const ID_TAG_MAX = 20;
/** A plant's id tag as the console takes it: printable ASCII without spaces (what a card reader reads out). */
export const ID_TAG_PATTERN_SOURCE = '^[\\x21-\\x7e]{1,20}$';
/** The name people give an id tag (whose card it is). */
export const ID_TAG_NAME_MAX = 100;
/** Id tags one plant may have. */
export const PLANT_ID_TAGS_MAX = 500;
/** A charger's session list answers at most this many transactions, newest first. */
export const CHARGER_SESSIONS_MAX = 50;
/** A charger's command history answers at most this many calls, newest first. */
export const CHARGER_COMMANDS_MAX = 100;
export const CHARGER_COMMAND_STATES = ['pending', 'accepted', 'rejected', 'failed', 'timed_out'] as const;

export type ChargerCurrentProblem = 'range' | 'minAboveMax';
/**
 * What is wrong with a charger's current limits (the form and the server judge the same way): whole
 * amperes from EV_CURRENT_MIN_A up to the charger's hardware, and the minimum not above the maximum.
 */
export function chargerCurrentProblems(
  limits: { minCurrentA: number; maxCurrentA: number },
  hwMaxCurrentA: number,
): Partial<Record<'minCurrentA' | 'maxCurrentA', ChargerCurrentProblem>> {
  const problems: Partial<Record<'minCurrentA' | 'maxCurrentA', ChargerCurrentProblem>> = {};
  const inRange = (a: number) => Number.isInteger(a) && a >= EV_CURRENT_MIN_A && a <= hwMaxCurrentA;
  if (!inRange(limits.minCurrentA)) problems.minCurrentA = 'range';
  if (!inRange(limits.maxCurrentA)) problems.maxCurrentA = 'range';
  if (!problems.minCurrentA && !problems.maxCurrentA && limits.minCurrentA > limits.maxCurrentA) problems.minCurrentA = 'minAboveMax';
  return problems;
}

/**
 * The pair of limits a change of one of them makes, judged by chargerCurrentProblems: the other is its
 * present value as the charger's form shows it (none yet: the lowest current or the rating; above the
 * rating: the rating), so the server refuses what the form cannot offer, whichever call sends it.
 */
export function chargerCurrentPair(
  field: 'minCurrentA' | 'maxCurrentA',
  value: number,
  other: number | null,
  ratedA: number,
): { minCurrentA: number; maxCurrentA: number } {
  if (field === 'minCurrentA') return { minCurrentA: value, maxCurrentA: Math.min(other ?? ratedA, ratedA) };
  return { minCurrentA: Math.min(other ?? EV_CURRENT_MIN_A, ratedA), maxCurrentA: value };
}

/** Volts per phase and phases a wallbox's rated power is stated for (11 kW: 16 A, 22 kW: 32 A). */
const RATED_VOLTS = 230;
const RATED_PHASES = 3;

/**
 * The highest current per phase a charger of this rated power delivers, whole amperes within the
 * protocol's range; a charger without a rating is offered the protocol's maximum.
 */
export function ratedCurrentA(ratedPowerKw: number | null): number {
  if (ratedPowerKw === null || !(ratedPowerKw > 0)) return EV_CURRENT_MAX_A;
  const amps = Math.round((ratedPowerKw * 1000) / (RATED_VOLTS * RATED_PHASES));
  return Math.min(EV_CURRENT_MAX_A, Math.max(EV_CURRENT_MIN_A, amps));
}

/**
 * The currents a charger's min and max selects offer: from the lowest up to the charger's rating, the
 * minimum never above the chosen maximum nor the maximum below the chosen minimum, so the form cannot
 * make an invalid pair.
 */
export function currentChoices(ratedA: number, minA: number, maxA: number): { min: number[]; max: number[] } {
  const all = Array.from({ length: Math.max(0, ratedA - EV_CURRENT_MIN_A + 1) }, (_, i) => EV_CURRENT_MIN_A + i);
  return { min: all.filter((a) => a <= Math.min(maxA, ratedA)), max: all.filter((a) => a >= minA) };
}

/** A vehicle's name as people see it, and how many vehicles one plant may have. */
export const VEHICLE_NAME_MAX = 100;
export const PLANT_VEHICLES_MAX = 50;
/** A vehicle's battery, kWh: more than 0, at most EV_PLAN_MAX_KWH (no car battery is bigger). */
export const VEHICLE_CAPACITY_MAX_KWH = EV_PLAN_MAX_KWH;
/** The lowest charge limit a vehicle may be given, % (evcc's slider starts at 20 %). */
export const VEHICLE_CHARGE_LIMIT_MIN_PCT = 20;

export type VehicleProblem = 'nameBlank' | 'capacity' | 'chargeLimit' | 'soc';
export interface VehicleFields {
  name: string;
  capacityKwh: number;
  chargeLimitPct: number;
  /** Entered by hand; null: none (the charger's, when it sends one). */
  socPct: number | null;
}

/**
 * What is wrong with a vehicle as the form and the server judge it: a name that is not blank, a
 * battery of more than 0 up to VEHICLE_CAPACITY_MAX_KWH, a charge limit of whole percent from
 * VEHICLE_CHARGE_LIMIT_MIN_PCT to 100, a state of charge from 0 to 100 %.
 */
export function vehicleProblems(v: VehicleFields): Partial<Record<keyof VehicleFields, VehicleProblem>> {
  const problems: Partial<Record<keyof VehicleFields, VehicleProblem>> = {};
  if (v.name.trim() === '') problems.name = 'nameBlank';
  if (!(Number.isFinite(v.capacityKwh) && v.capacityKwh > 0 && v.capacityKwh <= VEHICLE_CAPACITY_MAX_KWH))
    problems.capacityKwh = 'capacity';
  if (!(Number.isInteger(v.chargeLimitPct) && v.chargeLimitPct >= VEHICLE_CHARGE_LIMIT_MIN_PCT && v.chargeLimitPct <= 100))
    problems.chargeLimitPct = 'chargeLimit';
  if (v.socPct !== null && !(Number.isFinite(v.socPct) && v.socPct >= 0 && v.socPct <= 100)) problems.socPct = 'soc';
  return problems;
}

/**
 * "Charge only below this price": a charger's limit, CZK/kWh. Spot prices go negative, so may the
 * limit ("only when paid to take it").
 */
export const EV_PRICE_LIMIT_MIN_CZK = -50;
export const EV_PRICE_LIMIT_MAX_CZK = 50;

/** ISO weekdays a weekly plan repeats on: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** A departure time of day, 24 h, as a weekly plan keeps it. */
export const DEPARTURE_TIME_PATTERN_SOURCE = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

export interface WeeklyPlanFields {
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  weekdays: readonly number[];
  /** HH:MM in the plant's time zone. */
  time: string;
  targetSocPct: number;
}

/** The wall clock of `ms` in `timeZone`: its date, weekday (ISO) and minutes of the day. */
function wallClock(ms: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  }).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    weekday,
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    second: Number(get('second')),
  };
}

/** The zone's offset from UTC at `ms`, ms (CET +1 h: 3,600,000). */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall-clock time of a date has in `timeZone`. A time the clocks skip (02:30 on the
 * morning summer time begins) is moved on by the hour skipped (03:30), as Temporal's `compatible`
 * does; a time that happens twice (02:30 when summer time ends) is its first.
 */
export function zonedInstant(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Offsets before and after any change near that time: the earlier one first (a repeated hour's first).
  const before = zoneOffsetMs(asUtc - 3 * 3_600_000, timeZone);
  const after = zoneOffsetMs(asUtc + 3 * 3_600_000, timeZone);
  for (const offset of [before, after]) {
    const candidate = asUtc - offset;
    const w = wallClock(candidate, timeZone);
    if (w.year === year && w.month === month && w.day === day && w.hour === hour && w.minute === minute) return candidate;
  }
  // Skipped by the clocks: on by the hour skipped (the earlier offset still counted).
  return asUtc - before;
}

/**
 * A weekly plan's next departure after `now`, in the plant's time zone (its wall clock, whatever
 * summer time does), epoch ms; null without weekdays.
 */
export function nextWeeklyDeparture(plan: Pick<WeeklyPlanFields, 'weekdays' | 'time'>, now: number, timeZone: string): number | null {
  if (plan.weekdays.length === 0) return null;
  const [hour, minute] = plan.time.split(':').map(Number);
  const today = wallClock(now, timeZone);
  for (let offset = 0; offset <= 7; offset++) {
    // Noon of the date `offset` days on, by the calendar (no zone involved).
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset, 12));
    const weekday = ((today.weekday - 1 + offset) % 7) + 1;
    if (!plan.weekdays.includes(weekday)) continue;
    const at = zonedInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, minute, timeZone);
    if (at > now) return at;
  }
  return null;
}
