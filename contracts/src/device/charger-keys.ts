// An EV charger's protocol: the desired keys a user sets (the gateway obeys them and reports them
// back under the same names) and the reported keys of its live state. The server's desired-state
// check and the simulator both read the rules from here.
import type { IntegerRule, WritableRule } from './writable-keys';

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
  // an OCPP charger's own shadow also has
  currentL1: 'EvCurrentL1',
  currentL2: 'EvCurrentL2',
  currentL3: 'EvCurrentL3',
  /** The current the charger offers the car, A (Current.Offered). */
  currentOffered: 'EvCurrentOffered',
  /** Connector 1's OCPP status (Available, Preparing, Charging, SuspendedEV, SuspendedEVSE, Finishing, Faulted, …). */
  status: 'EvStatus',
  /** Whether a replica holds the charger's socket. */
  online: 'EvOnline',
} as const;

export const CHARGER_WRITABLE_KEY_NAMES = [
  CHARGER_KEYS.mode,
  CHARGER_KEYS.minCurrent,
  CHARGER_KEYS.maxCurrent,
  CHARGER_KEYS.phases,
  CHARGER_KEYS.planSlots,
] as const;
export type ChargerWritableKeyName = (typeof CHARGER_WRITABLE_KEY_NAMES)[number];

const amperes: IntegerRule = { kind: 'integer', unit: 'A', min: EV_CURRENT_MIN_A, max: EV_CURRENT_MAX_A, battery: false };

/** Desired keys of a charger with their rules, in the plant keys' rule kinds (checkWritableValue checks both). */
export const CHARGER_WRITABLE_KEYS: Readonly<Record<ChargerWritableKeyName, WritableRule>> = {
  [CHARGER_KEYS.mode]: { kind: 'choice', choices: EV_MODES, battery: false },
  [CHARGER_KEYS.minCurrent]: amperes,
  [CHARGER_KEYS.maxCurrent]: amperes,
  [CHARGER_KEYS.phases]: { kind: 'steps', values: EV_PHASES, battery: false },
  [CHARGER_KEYS.planSlots]: { kind: 'slots', maxSlots: EV_PLAN_MAX_SLOTS, battery: false },
};

export const isChargerWritableKey = (key: string): key is ChargerWritableKeyName =>
  (CHARGER_WRITABLE_KEY_NAMES as readonly string[]).includes(key);
