// The battery's operating modes a user may ask for: the values server/src/devices/writable-keys.ts
// accepts for OperMode (the gateway's modes). Apps cannot import the server, hence this list.
export const OPER_MODES = ['self-consumption', 'backup', 'force-charge', 'idle'] as const;
export type OperMode = (typeof OPER_MODES)[number];

export function isOperMode(value: unknown): value is OperMode {
  return typeof value === 'string' && (OPER_MODES as readonly string[]).includes(value);
}
