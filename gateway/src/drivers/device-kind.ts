// Which SunSpec models make a device an inverter, a meter or a battery for the gateway, in the order
// the gateway prefers them when a device carries several.
export const GATEWAY_DEVICE_KINDS = ['inverter', 'meter', 'battery'] as const;
export type GatewayDeviceKind = (typeof GATEWAY_DEVICE_KINDS)[number];

/** Inverter measurements: three-phase first; the floating-point models (111-113); the DER model 701 last. */
export const INVERTER_MODELS = [103, 102, 101, 113, 112, 111, 701] as const;
/** Meters: wye, delta, split phase, single phase, then their floating-point twins. */
export const METER_MODELS = [203, 204, 202, 201, 213, 214, 212, 211] as const;
/** Batteries: the battery base model, or storage controls alone. */
export const BATTERY_MODELS = [802, 124] as const;

/** The kind a device's models suggest (an inverter that also has storage controls is an inverter). */
export function guessKind(modelIds: readonly number[]): GatewayDeviceKind | undefined {
  const has = (ids: readonly number[]) => ids.some((id) => modelIds.includes(id));
  if (has(INVERTER_MODELS)) return 'inverter';
  if (has(METER_MODELS)) return 'meter';
  if (has(BATTERY_MODELS)) return 'battery';
  return undefined;
}

/** The first of `preferred` the device has. */
export function firstOf(modelIds: readonly number[], preferred: readonly number[]): number | undefined {
  return preferred.find((id) => modelIds.includes(id));
}
