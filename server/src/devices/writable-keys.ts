// Keys a user may set in a plant's desired state, with the values each accepts. The gateway applies
// them and reports back; anything else is refused before it reaches a device.
import { CHARGER_WRITABLE_KEYS } from '@helio/contracts';
import { OPER_MODES } from '@helio/device-simulator';
import type { JsonValue } from './json';

interface WritableKey {
  /** What the key controls, for error messages. */
  describe: string;
  accepts(value: JsonValue): boolean;
}

export const WRITABLE_KEYS: Readonly<Record<string, WritableKey>> = {
  OperMode: {
    describe: `one of ${OPER_MODES.join(', ')}`,
    accepts: (value) => typeof value === 'string' && (OPER_MODES as readonly string[]).includes(value),
  },
  ExportLimit: {
    describe: 'grid export limit in W, a whole number from 0 to 1000000',
    accepts: (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000,
  },
  // The EV charger's keys (mode, currents, phases, plan slots) with their rules from the device contract.
  ...CHARGER_WRITABLE_KEYS,
};

export type DesiredCheck = { ok: true } | { ok: false; message: string };

/** Checks a desired key and value; `null` clears the key and is always allowed for a writable key. */
export function checkDesired(key: string, value: JsonValue): DesiredCheck {
  const writable = Object.prototype.hasOwnProperty.call(WRITABLE_KEYS, key) ? WRITABLE_KEYS[key] : undefined;
  if (!writable) return { ok: false, message: `${key} is not writable (writable: ${Object.keys(WRITABLE_KEYS).join(', ')})` };
  if (value !== null && !writable.accepts(value)) return { ok: false, message: `${key} must be ${writable.describe}` };
  return { ok: true };
}
