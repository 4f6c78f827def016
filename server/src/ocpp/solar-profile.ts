// The solar modes as charging profiles, evcc's way: from the surplus (export + what the charger itself
// draws + what the home battery takes, the car going first) to a current limit in whole amperes per
// phase, within the settings' and the charger's hardware limits. Pure: settings, hardware, measurement
// and the last state in; the limit to send (if any) and the new state out.
//
//   Off       nothing (limit 0)
//   Now       the maximum at once (mode `fast`)
//   Min+PV    at least the minimum, more as the surplus allows (mode `minsolar`)
//   PV        the surplus only; it starts once the surplus has carried the minimum for a while, and
//             pauses (limit 0) rather than charge below 6 A once it has stayed short for a while
//   Plan      the maximum inside the planned slots, PV outside them
//   Weekly    a weekly plan's slots: the maximum inside them in any mode but Off
//
// "Charge only below price X" (a charger's price limit): while the price is above it, the grid may not
// charge the car, so Now, Min+PV and a plan's slots charge as PV does, from the surplus only, with
// PV's start hold and stop delay. PV surplus charging is never held back by the price: evcc's price
// limit likewise only decides about the grid's energy (its smartCostLimit lets the grid charge a
// PV-mode car while cheap; this limit keeps the grid out while dear). An unknown price holds nothing
// back (as evcc ignores a limit without a tariff).
//
// A new limit is sent only when it differs from the last one sent and the charger's own
// MinimumStatusDuration has passed since (a charger asked to change faster flaps its contactor);
// a change of mode by the user is sent at once (the caller starts from a fresh state).
import { EV_CURRENT_MIN_A, EV_PHASE_VOLTAGE, type EvMode, type EvPhases } from '@helio/contracts';
import type { ChargingProfile } from './messages';

export interface ChargerSettingsView {
  mode: EvMode;
  minA: number;
  maxA: number;
  /** 1, 3, or 0: automatic. */
  phases: EvPhases;
  planSlots: readonly (readonly [number, number])[];
  /** false: the price is above the charger's limit, so only the PV surplus may charge (default true). */
  gridAllowed?: boolean;
  /** A weekly plan's slots: full power inside them in every mode but Off (weekly-plan.ts). */
  weeklySlots?: readonly (readonly [number, number])[];
}

/** Whether the grid may charge the car at this price: at or below the limit; no limit or no known price holds nothing back. */
export function gridAllowedAt(priceLimitCzkKwh: number | null, priceCzkKwh: number | null): boolean {
  return priceLimitCzkKwh === null || priceCzkKwh === null || priceCzkKwh <= priceLimitCzkKwh;
}

export interface ChargerHardware {
  /** Per-phase current the charger can deliver, A. */
  maxA: number;
  /** Phases wired: 1 or 3. */
  phases: 1 | 3;
  /** MinimumStatusDuration, s (0: the charger has none). */
  minStatusDurationS: number;
}

export interface SolarState {
  /** The limit last sent (A per phase, 0 = paused), null before the first. */
  sentA: number | null;
  sentPhases: 1 | 3;
  /** When it was sent, epoch ms. */
  sentAt: number;
  /** Since when the surplus has been enough to start (paused) or too little to go on (charging). */
  pendingSince: number | null;
}

export const FRESH_STATE: SolarState = { sentA: null, sentPhases: 3, sentAt: Number.NEGATIVE_INFINITY, pendingSince: null };

export interface SolarTiming {
  /** The surplus must carry the minimum this long before PV charging starts. */
  startHoldMs: number;
  /** PV charging pauses once the surplus has stayed below the minimum this long. */
  stopDelayMs: number;
  /** Limits are not re-sent faster than this even when a charger reports no MinimumStatusDuration. */
  minResendMs: number;
}

/** evcc's defaults. */
export const SOLAR_TIMING: SolarTiming = { startHoldMs: 60_000, stopDelayMs: 180_000, minResendMs: 10_000 };

export interface SolarDecision {
  /** What the charger should be limited to now: A per phase, 0 = paused. */
  limitA: number;
  phases: 1 | 3;
  /** Whether to send it now (it differs from the last one sent and the charger may take a change). */
  send: boolean;
  state: SolarState;
}

const ampsFor = (watts: number, phases: 1 | 3) => Math.floor(Math.max(0, watts) / (EV_PHASE_VOLTAGE * phases));

const inSlot = (settings: ChargerSettingsView, now: number) => settings.planSlots.some(([start, end]) => now >= start && now < end);

/** The settings' current range within the hardware's: never below 6 A (IEC 61851), min ≤ max. */
export function currentRange(settings: ChargerSettingsView, hardware: ChargerHardware): { min: number; max: number } {
  const max = Math.max(EV_CURRENT_MIN_A, Math.min(settings.maxA, hardware.maxA));
  const min = Math.min(max, Math.max(EV_CURRENT_MIN_A, settings.minA));
  return { min, max };
}

function phasesFor(settings: ChargerSettingsView, hardware: ChargerHardware, surplusW: number, min: number): 1 | 3 {
  if (hardware.phases === 1 || settings.phases === 1) return 1;
  if (settings.phases === 3) return 3;
  return ampsFor(surplusW, 3) >= min ? 3 : 1;
}

export function decideLimit(
  settings: ChargerSettingsView,
  hardware: ChargerHardware,
  surplusW: number,
  state: SolarState,
  now: number,
  timing: SolarTiming = SOLAR_TIMING,
): SolarDecision {
  const { min, max } = currentRange(settings, hardware);
  let limitA: number;
  let phases: 1 | 3;
  let pendingSince: number | null = null;
  const grid = settings.gridAllowed !== false;
  const weekly = settings.mode !== 'off' && (settings.weeklySlots ?? []).some(([start, end]) => now >= start && now < end);
  const full = grid && (settings.mode === 'fast' || (settings.mode === 'plan' && inSlot(settings, now)) || weekly);
  if (settings.mode === 'off') {
    limitA = 0;
    phases = state.sentPhases;
  } else if (full) {
    limitA = max;
    phases = settings.phases === 1 || hardware.phases === 1 ? 1 : 3;
  } else {
    phases = phasesFor(settings, hardware, surplusW, min);
    const available = Math.min(max, ampsFor(surplusW, phases));
    if (settings.mode === 'minsolar' && grid) {
      limitA = Math.max(min, available);
    } else {
      // PV (plan outside its slots, any mode above the price limit): start after the hold, pause after the delay, never below the minimum.
      const charging = (state.sentA ?? 0) > 0;
      if (!charging) {
        pendingSince = available >= min ? (state.pendingSince ?? now) : null;
        const start = pendingSince !== null && now - pendingSince >= timing.startHoldMs;
        limitA = start ? available : 0;
        if (start) pendingSince = null;
      } else {
        pendingSince = available < min ? (state.pendingSince ?? now) : null;
        const pause = pendingSince !== null && now - pendingSince >= timing.stopDelayMs;
        limitA = pause ? 0 : Math.max(min, available);
        if (pause) pendingSince = null;
      }
    }
  }
  const changed = state.sentA === null || limitA !== state.sentA || phases !== state.sentPhases;
  const waitMs = Math.max(hardware.minStatusDurationS * 1000, timing.minResendMs);
  const send = changed && now - state.sentAt >= waitMs;
  const next: SolarState = send ? { sentA: limitA, sentPhases: phases, sentAt: now, pendingSince } : { ...state, pendingSince };
  return { limitA, phases, send, state: next };
}

/**
 * The profile that carries a limit: a TxProfile for the running transaction, else the connector's
 * TxDefaultProfile (what the next session starts with). Limits in A, as every charger supports.
 */
export function chargingProfileFor(limitA: number, phases: 1 | 3, transactionId?: number): ChargingProfile {
  const tx = transactionId !== undefined;
  return {
    chargingProfileId: tx ? 2 : 1,
    ...(tx ? { transactionId } : {}),
    stackLevel: tx ? 1 : 0,
    chargingProfilePurpose: tx ? 'TxProfile' : 'TxDefaultProfile',
    chargingProfileKind: 'Relative',
    chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: limitA, numberPhases: phases }] },
  };
}
