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
