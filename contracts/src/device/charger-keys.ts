// An EV charger's protocol: the desired keys a user sets (the gateway obeys them and reports them
// back under the same names) and the reported keys of its live state. The server's desired-state
// check and the simulator both read the rules from here.

export const EV_MODES = ['off', 'solar', 'minsolar', 'fast', 'plan'] as const;
export type EvMode = (typeof EV_MODES)[number];

/** Charging current per phase, A (IEC 61851: below 6 A a car will not charge). */
export const EV_CURRENT_MIN_A = 6;
export const EV_CURRENT_MAX_A = 32;
/** 1 or 3 phases, or 0: switch automatically (1 phase when the surplus is too small for 3). */
export const EV_PHASES = [0, 1, 3] as const;
export type EvPhases = (typeof EV_PHASES)[number];
/** Nominal phase voltage the current steps are computed with. */
export const EV_PHASE_VOLTAGE = 230;
/** Planned slots the charger keeps: 48 hours of 15-minute slots. */
export const EV_PLAN_MAX_SLOTS = 192;

export const CHARGER_KEYS = {
  mode: 'EvMode',
  minCurrent: 'EvMinCurrent',
  maxCurrent: 'EvMaxCurrent',
  phases: 'EvPhases',
  /** Plan mode: [[startMs, endMs], …] to charge at full power; outside them the charger uses surplus only. */
  planSlots: 'EvPlanSlots',
  // reported only
  power: 'ActPwrEv',
  connected: 'EvConnected',
  energy: 'EnergyEvTotal',
  current: 'EvCurrent',
  activePhases: 'EvActivePhases',
  sessionEnergy: 'EvSessionKwh',
  carSoc: 'EvCarSoc',
  carCapacity: 'EvCarKwh',
  carLimit: 'EvCarLimit',
} as const;

export interface ChargerKeyRule {
  /** What the key accepts, for error messages. */
  describe: string;
  accepts(value: unknown): boolean;
}

const wholeAmps = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= EV_CURRENT_MIN_A && value <= EV_CURRENT_MAX_A;

const isSlot = (value: unknown) =>
  Array.isArray(value) &&
  value.length === 2 &&
  value.every((t) => typeof t === 'number' && Number.isInteger(t) && t >= 0) &&
  (value[0] as number) < (value[1] as number);

/** Desired keys of a charger with their rules. */
export const CHARGER_WRITABLE_KEYS: Readonly<Record<string, ChargerKeyRule>> = {
  [CHARGER_KEYS.mode]: {
    describe: `one of ${EV_MODES.join(', ')}`,
    accepts: (value) => typeof value === 'string' && (EV_MODES as readonly string[]).includes(value),
  },
  [CHARGER_KEYS.minCurrent]: { describe: `a whole number of amperes from ${EV_CURRENT_MIN_A} to ${EV_CURRENT_MAX_A}`, accepts: wholeAmps },
  [CHARGER_KEYS.maxCurrent]: { describe: `a whole number of amperes from ${EV_CURRENT_MIN_A} to ${EV_CURRENT_MAX_A}`, accepts: wholeAmps },
  [CHARGER_KEYS.phases]: {
    describe: '1, 3 or 0 (automatic)',
    accepts: (value) => typeof value === 'number' && (EV_PHASES as readonly number[]).includes(value),
  },
  [CHARGER_KEYS.planSlots]: {
    describe: `a list of at most ${EV_PLAN_MAX_SLOTS} [start, end] pairs of epoch milliseconds, start before end`,
    accepts: (value) => Array.isArray(value) && value.length <= EV_PLAN_MAX_SLOTS && value.every(isSlot),
  },
};
