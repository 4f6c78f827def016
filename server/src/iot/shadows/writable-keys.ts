// The server's check of a desired key and value, by the device contract's writable keys
// (contracts/src/device/writable-keys.ts for the plant's settings, charger-keys.ts for its EV
// charger). Anything else is refused before it reaches a device.
import {
  CHARGER_WRITABLE_KEY_NAMES,
  CHARGER_WRITABLE_KEYS,
  checkWritableValue,
  isChargerWritableKey,
  isWritableKey,
  OPER_MODES,
  WRITABLE_KEY_NAMES,
  writableKeys,
  type ValueCheck,
  type ValueLimits,
  type WritableKeyName,
  type WritableRule,
} from '@helio/contracts';
import { ApiError } from '../../http/errors';
import type { JsonValue } from './json';

export const WRITABLE_KEYS = writableKeys(OPER_MODES);

const ALL_WRITABLE = [...WRITABLE_KEY_NAMES, ...CHARGER_WRITABLE_KEY_NAMES];

export type DesiredCheck =
  { ok: true } | { ok: false; message: string; problem: 'unknownKey' | Exclude<ValueCheck, { ok: true }>['problem']; limits?: ValueLimits };

/**
 * The 400 a refused setting gets (SettingValueInvalid): the key, the reason (`problem` too, as before)
 * and the numbers the translation names (range and unit, choices, hours ahead).
 */
export function settingRefusal(key: string, check: Exclude<DesiredCheck, { ok: true }>): ApiError {
  return new ApiError(400, 'SettingValueInvalid', check.message, {
    field: check.problem === 'unknownKey' ? 'key' : key,
    key,
    problem: check.problem,
    reason: check.problem,
    ...check.limits,
  });
}

const ruleOf = (key: string): WritableRule | undefined =>
  isWritableKey(key) ? WRITABLE_KEYS[key] : isChargerWritableKey(key) ? CHARGER_WRITABLE_KEYS[key] : undefined;

/** Checks a desired key and value; `null` clears the key and is always allowed for a writable key. */
export function checkDesired(key: string, value: JsonValue, now = Date.now()): DesiredCheck {
  const rule = ruleOf(key);
  if (!rule) return { ok: false, problem: 'unknownKey', message: `${key} is not writable (writable: ${ALL_WRITABLE.join(', ')})` };
  if (value === null) return { ok: true };
  return checkWritableValue(key, rule, value, now);
}

export type { WritableKeyName };
