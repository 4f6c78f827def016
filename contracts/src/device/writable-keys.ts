// The keys a user may set in a plant's desired state: unit, limits and value rule of each. The server
// refuses anything else before it reaches a device, the console draws its controls from the same
// rules, and the gateway applies them. The EV charger's keys (charger-keys.ts) are written in the same
// rule kinds, so one check serves both. Plain values and pure functions: no schema runtime.

export const WRITABLE_KEY_NAMES = ['OperMode', 'ExportLimit', 'BatSocMin', 'BatChargeMax', 'BatDischargeMax', 'ForceCharge'] as const;
export type WritableKeyName = (typeof WRITABLE_KEY_NAMES)[number];

/** Grid charge of the battery up to `targetSoc` (%) until `until` (an ISO-8601 instant). */
export type ForceChargeSetting = {
  targetSoc: number;
  until: string;
};
/** Force charge switched off. */
export const FORCE_CHARGE_OFF = 'off';
export type ForceChargeValue = ForceChargeSetting | typeof FORCE_CHARGE_OFF;

export interface IntegerRule {
  kind: 'integer';
  unit: 'W' | '%' | 'A';
  min: number;
  max: number;
  /** The key acts on the battery: a plant without one cannot take it. */
  battery: boolean;
}
export interface ChoiceRule {
  kind: 'choice';
  choices: readonly string[];
  battery: boolean;
}
export interface ForceChargeRule {
  kind: 'forceCharge';
  targetSoc: { min: number; max: number };
  /** The longest a force charge may run, from now. */
  maxHours: number;
  battery: true;
}
/** One of a few numbers (a charger's phase count). */
export interface StepsRule {
  kind: 'steps';
  values: readonly number[];
  battery: false;
}
/** A list of [start, end] pairs of epoch milliseconds, start before end (a charger's planned slots). */
export interface SlotsRule {
  kind: 'slots';
  maxSlots: number;
  battery: false;
}
/** The kinds a plant's own keys use (what the remote-control page draws controls for). */
export type PlantKeyRule = IntegerRule | ChoiceRule | ForceChargeRule;
export type WritableRule = PlantKeyRule | StepsRule | SlotsRule;
export type WritableKeys = Readonly<Record<WritableKeyName, PlantKeyRule>>;

/** The state of charge the pack's own protection keeps (the lowest minimum a user may set). */
export const BAT_SOC_FLOOR_PCT = 10;
export const BAT_SOC_CEILING_PCT = 95;
export const EXPORT_LIMIT_MAX_W = 1_000_000;
export const BAT_POWER_MAX_W = 100_000;
export const FORCE_CHARGE_MAX_HOURS = 24;

/**
 * Every writable key with its rule. The operating modes are passed in (OPER_MODES of oper-modes.ts,
 * beside this file).
 */
export function writableKeys(operModes: readonly string[]): WritableKeys {
  return {
    OperMode: { kind: 'choice', choices: operModes, battery: false },
    ExportLimit: { kind: 'integer', unit: 'W', min: 0, max: EXPORT_LIMIT_MAX_W, battery: false },
    BatSocMin: { kind: 'integer', unit: '%', min: BAT_SOC_FLOOR_PCT, max: 90, battery: true },
    BatChargeMax: { kind: 'integer', unit: 'W', min: 0, max: BAT_POWER_MAX_W, battery: true },
    BatDischargeMax: { kind: 'integer', unit: 'W', min: 0, max: BAT_POWER_MAX_W, battery: true },
    ForceCharge: {
      kind: 'forceCharge',
      targetSoc: { min: BAT_SOC_FLOOR_PCT + 1, max: BAT_SOC_CEILING_PCT },
      maxHours: FORCE_CHARGE_MAX_HOURS,
      battery: true,
    },
  };
}

export const isWritableKey = (key: string): key is WritableKeyName => (WRITABLE_KEY_NAMES as readonly string[]).includes(key);

/** The numbers a refusal names (SettingValueInvalid's details): the range, its unit, the choices, the hours ahead. */
export interface ValueLimits {
  min?: number;
  max?: number;
  unit?: string;
  choices?: readonly (string | number)[];
  maxHours?: number;
}

/** Why a value is refused: `problem` for a translated text (with `limits` as its values), `message` in English for the API. */
export type ValueCheck =
  { ok: true } | { ok: false; problem: 'type' | 'range' | 'choice' | 'until'; message: string; limits?: ValueLimits };

const refuse = (problem: Exclude<ValueCheck, { ok: true }>['problem'], message: string, limits?: ValueLimits): ValueCheck => ({
  ok: false,
  problem,
  message,
  ...(limits ? { limits } : {}),
});
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const isSlot = (value: unknown) =>
  Array.isArray(value) &&
  value.length === 2 &&
  value.every((t) => typeof t === 'number' && Number.isInteger(t) && t >= 0) &&
  (value[0] as number) < (value[1] as number);

/** Checks a value against a key's rule; `now` (epoch ms) bounds a force charge's end. */
export function checkWritableValue(key: string, rule: WritableRule, value: unknown, now: number): ValueCheck {
  switch (rule.kind) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value))
        return refuse('type', `${key} must be a whole number of ${rule.unit}`, { min: rule.min, max: rule.max, unit: rule.unit });
      if (value < rule.min || value > rule.max)
        return refuse('range', `${key} must be from ${rule.min} to ${rule.max} ${rule.unit}`, {
          min: rule.min,
          max: rule.max,
          unit: rule.unit,
        });
      return { ok: true };
    case 'choice':
      return typeof value === 'string' && rule.choices.includes(value)
        ? { ok: true }
        : refuse('choice', `${key} must be one of ${rule.choices.join(', ')}`, { choices: rule.choices });
    case 'steps':
      return typeof value === 'number' && rule.values.includes(value)
        ? { ok: true }
        : refuse('choice', `${key} must be one of ${rule.values.join(', ')}`, { choices: rule.values });
    case 'slots':
      return Array.isArray(value) && value.length <= rule.maxSlots && value.every(isSlot)
        ? { ok: true }
        : refuse('type', `${key} must be a list of at most ${rule.maxSlots} [start, end] pairs of epoch milliseconds, start before end`);
    case 'forceCharge': {
      if (value === FORCE_CHARGE_OFF) return { ok: true };
      if (!isRecord(value) || Object.keys(value).some((k) => k !== 'targetSoc' && k !== 'until')) {
        return refuse('type', `${key} must be "off" or {"targetSoc","until"}`);
      }
      const { targetSoc, until } = value;
      if (
        typeof targetSoc !== 'number' ||
        !Number.isInteger(targetSoc) ||
        targetSoc < rule.targetSoc.min ||
        targetSoc > rule.targetSoc.max
      ) {
        return refuse('range', `${key}.targetSoc must be a whole number from ${rule.targetSoc.min} to ${rule.targetSoc.max} %`, {
          min: rule.targetSoc.min,
          max: rule.targetSoc.max,
          unit: '%',
        });
      }
      const end = typeof until === 'string' && ISO_INSTANT.test(until) ? Date.parse(until) : NaN;
      if (!Number.isFinite(end) || end <= now || end > now + rule.maxHours * 3_600_000) {
        return refuse('until', `${key}.until must be a time within the next ${rule.maxHours} hours`, { maxHours: rule.maxHours });
      }
      return { ok: true };
    }
  }
}

/** A force charge that is on at `now` and has not reached its target (`socPct`). */
export function forceChargeActive(value: unknown, now: number, socPct: number): value is ForceChargeSetting {
  if (!isRecord(value) || typeof value.targetSoc !== 'number' || typeof value.until !== 'string') return false;
  return Date.parse(value.until) > now && socPct < value.targetSoc;
}
