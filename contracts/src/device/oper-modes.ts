// The battery's operating modes a gateway runs and the OperMode desired key accepts.
export const OPER_MODES = ['self-consumption', 'backup', 'force-charge', 'idle'] as const;
export type OperMode = (typeof OPER_MODES)[number];

export function isOperMode(value: unknown): value is OperMode {
  return typeof value === 'string' && (OPER_MODES as readonly string[]).includes(value);
}
