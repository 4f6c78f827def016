// A device as its form edits it (text fields), the checks the server also makes, and the create and
// update requests, with the contract's limits.
import {
  DEVICE_KINDS,
  DEVICE_LABEL_MAX,
  MAX_CAPACITY_KWH,
  MAX_LIVE_KEYS,
  MAX_RATED_POWER_KW,
  SHADOW_KEY_PATTERN,
  type DeviceKind,
} from '@helio/contracts/limits';
import type { Device, DeviceCreateRequest, DeviceFields } from '@helio/shared-utils';
import { numberText, parseNumber } from '../common/number-input';

export { DEVICE_KINDS, MAX_CAPACITY_KWH, MAX_LIVE_KEYS, MAX_RATED_POWER_KW };
export const MAX_TEXT = DEVICE_LABEL_MAX;
const SHADOW_KEY = new RegExp(SHADOW_KEY_PATTERN);

/** What each kind usually reports (device-simulator's keys), offered for a new device. */
export const SUGGESTED_LIVE_KEYS: Record<DeviceKind, string[]> = {
  inverter: ['ActPwrPve', 'EnergyPveTotal'],
  battery: ['ActPwrBat', 'BatSoc'],
  charger: ['ActPwrEv', 'EvConnected'],
  meter: ['ActPwrGrid', 'EnergyGridImportTotal', 'EnergyGridExportTotal'],
};

export interface DeviceDraft {
  kind: DeviceKind;
  name: string;
  maker: string;
  model: string;
  serial: string;
  firmware: string;
  ratedPowerKw: string;
  capacityKwh: string;
  /** comma or space separated */
  liveKeys: string;
}

export type DeviceField = Exclude<keyof DeviceDraft, 'kind'>;
export const TEXT_FIELDS = ['name', 'maker', 'model', 'serial', 'firmware'] as const;

export type DeviceProblem =
  | { problem: 'required' }
  | { problem: 'tooLong'; max: number }
  | { problem: 'number' }
  | { problem: 'range'; min: number; max: number }
  | { problem: 'shadowKey'; key: string }
  | { problem: 'tooMany'; max: number }
  | { problem: 'serialTaken' };

export function newDeviceDraft(kind: DeviceKind): DeviceDraft {
  return {
    kind,
    name: '',
    maker: '',
    model: '',
    serial: '',
    firmware: '',
    ratedPowerKw: '',
    capacityKwh: '',
    liveKeys: SUGGESTED_LIVE_KEYS[kind].join(', '),
  };
}

export function draftOf(device: Device): DeviceDraft {
  return {
    kind: device.kind,
    name: device.name,
    maker: device.maker,
    model: device.model,
    serial: device.serial,
    firmware: device.firmware,
    ratedPowerKw: numberText(device.ratedPowerKw),
    capacityKwh: numberText(device.capacityKwh),
    liveKeys: device.liveKeys.join(', '),
  };
}

export function liveKeysOf(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

function positive(text: string, max: number): DeviceProblem | undefined {
  const value = parseNumber(text);
  if (value === null) return undefined;
  if (Number.isNaN(value)) return { problem: 'number' };
  return value > 0 && value <= max ? undefined : { problem: 'range', min: 0, max };
}

export function deviceProblems(draft: DeviceDraft): Partial<Record<DeviceField, DeviceProblem>> {
  const problems: Partial<Record<DeviceField, DeviceProblem>> = {};
  if (!draft.name.trim()) problems.name = { problem: 'required' };
  for (const field of TEXT_FIELDS) if (draft[field].trim().length > MAX_TEXT) problems[field] = { problem: 'tooLong', max: MAX_TEXT };
  const rated = positive(draft.ratedPowerKw, MAX_RATED_POWER_KW);
  if (rated) problems.ratedPowerKw = rated;
  if (draft.kind === 'battery') {
    const capacity = positive(draft.capacityKwh, MAX_CAPACITY_KWH);
    if (capacity) problems.capacityKwh = capacity;
  }
  const keys = liveKeysOf(draft.liveKeys);
  const wrong = keys.find((key) => !SHADOW_KEY.test(key));
  if (wrong) problems.liveKeys = { problem: 'shadowKey', key: wrong };
  else if (keys.length > MAX_LIVE_KEYS) problems.liveKeys = { problem: 'tooMany', max: MAX_LIVE_KEYS };
  return problems;
}

/** The fields as the API takes them; a capacity only for a battery. Call after deviceProblems is empty. */
export function fieldsOf(draft: DeviceDraft): DeviceFields {
  return {
    name: draft.name.trim(),
    maker: draft.maker.trim(),
    model: draft.model.trim(),
    serial: draft.serial.trim(),
    firmware: draft.firmware.trim(),
    ratedPowerKw: parseNumber(draft.ratedPowerKw),
    capacityKwh: draft.kind === 'battery' ? parseNumber(draft.capacityKwh) : null,
    liveKeys: liveKeysOf(draft.liveKeys),
  };
}

export function createRequest(plantId: string, draft: DeviceDraft): DeviceCreateRequest {
  return { plantId, kind: draft.kind, ...fieldsOf(draft) };
}

/** Only what changed, so the audit log names the fields the person touched. */
export function changedFields(device: Device, draft: DeviceDraft): Partial<DeviceFields> {
  const next = fieldsOf(draft);
  return Object.fromEntries(
    (Object.keys(next) as (keyof DeviceFields)[])
      .filter((key) => JSON.stringify(next[key]) !== JSON.stringify(device[key]))
      .map((key) => [key, next[key]]),
  );
}
