// One OCPP charger of a plant, as a model: cars arrive and leave as at the gateway's own wallbox
// (ev-charger.ts), and while a transaction runs the car draws what the central system's charging
// profile allows (no profile: the charger's maximum), never under 6 A (IEC 61851: a car stops), never
// more than the car still takes. Pure: state and time in, the new state and what it drew out.
import { EV_CURRENT_MIN_A, EV_PHASE_VOLTAGE } from '@helio/contracts';
import type { Random } from '../random';
import { DEFAULT_CHARGER_SETTINGS, IDLE_CONTROL } from './charger-control';
import { afterCharging, stepEvSession, wantedKwh, type EvSession } from './ev-charger';
import type { LocalTime } from './local-time';

export interface ChargePointState {
  session: EvSession | null;
  /** The charging profile's limit, A per phase (null: none received, the charger's maximum applies). */
  limitA: number | null;
  phases: 1 | 3;
  /** Whether a transaction runs (the central system numbered it). */
  charging: boolean;
  /** The energy register, Wh. */
  energyWh: number;
  /** What the car drew in the last step. */
  powerW: number;
  currentA: number;
}

export const newChargePoint = (energyWh = 0): ChargePointState => ({
  session: null,
  limitA: null,
  phases: 3,
  charging: false,
  energyWh,
  powerW: 0,
  currentA: 0,
});

export function stepChargePoint(
  state: ChargePointState,
  input: { time: LocalTime; nowMs: number; dtSeconds: number; ratedKw: number },
  rng: Random,
): ChargePointState {
  const ev = stepEvSession(
    { session: state.session, settings: DEFAULT_CHARGER_SETTINGS, control: IDLE_CONTROL },
    input.time,
    input.nowMs,
    input.dtSeconds,
    rng,
  );
  const maxA = Math.floor((input.ratedKw * 1000) / (EV_PHASE_VOLTAGE * state.phases));
  const amps = Math.min(maxA, state.limitA ?? maxA);
  const need = ev.session ? wantedKwh(ev.session.car) : 0;
  let powerW = 0;
  if (state.charging && ev.session && need > 0 && amps >= EV_CURRENT_MIN_A) {
    powerW = Math.floor(Math.min(amps * state.phases * EV_PHASE_VOLTAGE, (need * 1000) / (input.dtSeconds / 3600)));
  }
  const charged = afterCharging(ev, powerW, input.dtSeconds);
  return {
    ...state,
    session: charged.session,
    energyWh: state.energyWh + (powerW * input.dtSeconds) / 3600,
    powerW,
    currentA: powerW > 0 ? Math.round((powerW / (state.phases * EV_PHASE_VOLTAGE)) * 10) / 10 : 0,
  };
}
