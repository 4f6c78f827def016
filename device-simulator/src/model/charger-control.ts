// The charger's controller, as evcc does it: it reads the surplus (export + its own power), sets the
// current in 1 A steps per phase, starts only once the surplus has held above the minimum for a
// while, stops only after it has stayed below for a while (no flapping), and switches phases with its
// own delay. Pure: settings, last state and measurements in, the new current and phases out.
import { EV_CURRENT_MAX_A, EV_CURRENT_MIN_A, EV_PHASE_VOLTAGE, type EvMode, type EvPhases } from '@helio/contracts';

export interface ChargerSettings {
  mode: EvMode;
  minA: number;
  maxA: number;
  /** 1, 3 or 0: automatic. */
  phases: EvPhases;
  /** Plan mode: [startMs, endMs] slots to charge at full power. */
  planSlots: readonly (readonly [number, number])[];
}

// Full power by default: what a wallbox without a controller does (and what the history before charger control shows).
export const DEFAULT_CHARGER_SETTINGS: ChargerSettings = { mode: 'fast', minA: 6, maxA: 32, phases: 0, planSlots: [] };

export interface ChargerTiming {
  /** The surplus must allow the minimum current this long before charging starts. */
  startHoldMs: number;
  /** Charging stops once the surplus has stayed below the minimum this long. */
  stopDelayMs: number;
  /** A phase switch waits this long for the surplus to stay on the other side. */
  phaseSwitchDelayMs: number;
}

/** evcc's defaults. */
export const DEFAULT_CHARGER_TIMING: ChargerTiming = { startHoldMs: 60_000, stopDelayMs: 180_000, phaseSwitchDelayMs: 60_000 };

export interface ChargerControl {
  /** Per-phase current, A; 0: not charging. */
  currentA: number;
  phases: 1 | 3;
  /** Since when the surplus has been enough to start (or, while charging, too little to go on). */
  pendingSince: number | null;
  /** Since when the other phase count has fitted the surplus better. */
  phaseSwitchSince: number | null;
}

export const IDLE_CONTROL: ChargerControl = { currentA: 0, phases: 3, pendingSince: null, phaseSwitchSince: null };

export interface ChargerInputs {
  nowMs: number;
  /** Export (W, ≥ 0 when exporting) plus what the charger itself drew, i.e. what it could use. */
  surplusW: number;
  /** A car is plugged and still wants energy. */
  carWants: boolean;
  /** The charger's rated power, W: the current never exceeds it. */
  ratedW: number;
}

/** Whole amperes per phase a power allows. */
export const ampsFor = (watts: number, phases: 1 | 3): number => Math.floor(watts / (EV_PHASE_VOLTAGE * phases));
export const wattsFor = (amps: number, phases: 1 | 3): number => amps * phases * EV_PHASE_VOLTAGE;

function limits(settings: ChargerSettings, phases: 1 | 3, ratedW: number): { min: number; max: number } {
  const min = Math.min(EV_CURRENT_MAX_A, Math.max(EV_CURRENT_MIN_A, settings.minA));
  const max = Math.max(min, Math.min(settings.maxA, EV_CURRENT_MAX_A, ampsFor(ratedW, phases)));
  return { min, max };
}

const inPlanSlot = (settings: ChargerSettings, nowMs: number) => settings.planSlots.some(([start, end]) => nowMs >= start && nowMs < end);

/** One control step. */
export function controlCharger(
  settings: ChargerSettings,
  state: ChargerControl,
  inputs: ChargerInputs,
  timing = DEFAULT_CHARGER_TIMING,
): ChargerControl {
  const fixedPhases: 1 | 3 | null = settings.phases === 0 ? null : settings.phases;
  const idle: ChargerControl = { currentA: 0, phases: fixedPhases ?? state.phases, pendingSince: null, phaseSwitchSince: null };
  if (!inputs.carWants || settings.mode === 'off') return idle;
  const full = settings.mode === 'fast' || (settings.mode === 'plan' && inPlanSlot(settings, inputs.nowMs));
  if (full) {
    const phases = fixedPhases ?? 3;
    return { ...idle, phases, currentA: limits(settings, phases, inputs.ratedW).max };
  }

  const phases = choosePhases(settings, state, inputs, timing);
  const { min, max } = limits(settings, phases.phases, inputs.ratedW);
  const available = ampsFor(inputs.surplusW, phases.phases);
  if (settings.mode === 'minsolar') return { ...phases, currentA: Math.min(max, Math.max(min, available)), pendingSince: null };

  const since = (condition: boolean) => (condition ? (state.pendingSince ?? inputs.nowMs) : null);
  if (state.currentA === 0) {
    // Not charging: start only when the surplus has allowed the minimum for the hold time.
    const pendingSince = since(available >= min);
    const start = pendingSince !== null && inputs.nowMs - pendingSince >= timing.startHoldMs;
    return { ...phases, currentA: start ? Math.min(max, available) : 0, pendingSince: start ? null : pendingSince };
  }
  // Charging: follow the surplus at once, but hold the minimum for the stop delay before stopping.
  const pendingSince = since(available < min);
  if (pendingSince !== null && inputs.nowMs - pendingSince >= timing.stopDelayMs) return { ...idle, phases: phases.phases };
  return { ...phases, currentA: Math.min(max, Math.max(min, available)), pendingSince };
}

/** Automatic phases: 3 when the surplus carries the minimum on three, else 1, each change after a delay. */
function choosePhases(
  settings: ChargerSettings,
  state: ChargerControl,
  inputs: ChargerInputs,
  timing: ChargerTiming,
): Pick<ChargerControl, 'phases' | 'phaseSwitchSince'> {
  if (settings.phases !== 0) return { phases: settings.phases, phaseSwitchSince: null };
  const min = Math.max(EV_CURRENT_MIN_A, settings.minA);
  const wanted: 1 | 3 = ampsFor(inputs.surplusW, 3) >= min ? 3 : 1;
  if (wanted === state.phases) return { phases: state.phases, phaseSwitchSince: null };
  // Not charging yet: nothing to interrupt, take the better count at once.
  if (state.currentA === 0) return { phases: wanted, phaseSwitchSince: null };
  const switchSince = state.phaseSwitchSince ?? inputs.nowMs;
  if (inputs.nowMs - switchSince >= timing.phaseSwitchDelayMs) return { phases: wanted, phaseSwitchSince: null };
  return { phases: state.phases, phaseSwitchSince: switchSince };
}
