// The server's check of a desired key and value, by the device contract's writable keys
// (contracts/src/device/writable-keys.ts). Anything else is refused before it reaches a device.
import { checkWritableValue, isWritableKey, WRITABLE_KEY_NAMES, writableKeys, type ValueCheck, type WritableKeyName } from '@helio/contracts';
// The operating modes still live beside the device model; they move into the contract's device folder.
import { OPER_MODES } from '@helio/device-simulator';
import type { JsonValue } from './json';

export const WRITABLE_KEYS = writableKeys(OPER_MODES);

export type DesiredCheck = { ok: true } | { ok: false; message: string; problem: 'unknownKey' | Exclude<ValueCheck, { ok: true }>['problem'] };

/** Checks a desired key and value; `null` clears the key and is always allowed for a writable key. */
export function checkDesired(key: string, value: JsonValue, now = Date.now()): DesiredCheck {
  if (!isWritableKey(key)) return { ok: false, problem: 'unknownKey', message: `${key} is not writable (writable: ${WRITABLE_KEY_NAMES.join(', ')})` };
  if (value === null) return { ok: true };
  return checkWritableValue(key, WRITABLE_KEYS[key], value, now);
}

export type { WritableKeyName };
