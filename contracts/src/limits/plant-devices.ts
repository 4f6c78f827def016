// A plant's devices: their kinds and the limits of their ratings, checked by the device form and the server.
export const DEVICE_KINDS = ['inverter', 'battery', 'charger', 'meter'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export const DEVICE_LABEL_MAX = 100;
export const MAX_RATED_POWER_KW = 100_000;
export const MAX_CAPACITY_KWH = 1_000_000;
/** How many reported shadow keys one device may show as its live values. */
export const MAX_LIVE_KEYS = 20;
/** A reported shadow key as the gateways name them (nested keys joined with '.'). */
export const SHADOW_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_.]{0,63}$';
export const SHADOW_KEY_MAX = 64;
