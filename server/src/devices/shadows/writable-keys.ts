// The server's check of a desired key and value, by the device contract's writable keys
// (contracts/src/device/writable-keys.ts for the plant's settings, charger-keys.ts for its EV
// charger). Anything else is refused before it reaches a device.
import {
  CHARGER_WRITABLE_KEYS,
  checkWritableValue,
  isWritableKey,
  OPER_MODES,
  WRITABLE_KEY_NAMES,
  writableKeys,
  type ValueCheck,
  type WritableKeyName,
} from '@helio/contracts';
import type { JsonValue } from './json';

export const WRITABLE_KEYS = writableKeys(OPER_MODES);

const ALL_WRITABLE = [...WRITABLE_KEY_NAMES, ...Object.keys(CHARGER_WRITABLE_KEYS)];

export type DesiredCheck =
  { ok: true } | { ok: false; message: string; problem: 'unknownKey' | Exclude<ValueCheck, { ok: true }>['problem'] };

/** Checks a desired key and value; `null` clears the key and is always allowed for a writable key. */
export function checkDesired(key: string, value: JsonValue, now = Date.now()): DesiredCheck {
  const charger = Object.prototype.hasOwnProperty.call(CHARGER_WRITABLE_KEYS, key) ? CHARGER_WRITABLE_KEYS[key] : undefined;
  if (!isWritableKey(key) && !charger)
    return { ok: false, problem: 'unknownKey', message: `${key} is not writable (writable: ${ALL_WRITABLE.join(', ')})` };
  if (value === null) return { ok: true };
  if (charger) return charger.accepts(value) ? { ok: true } : { ok: false, problem: 'type', message: `${key} must be ${charger.describe}` };
  return checkWritableValue(key as WritableKeyName, WRITABLE_KEYS[key as WritableKeyName], value, now);
}

export type { WritableKeyName };
