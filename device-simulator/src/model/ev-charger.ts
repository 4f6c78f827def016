import type { Random } from '../random';
import {
  controlCharger,
  DEFAULT_CHARGER_SETTINGS,
  IDLE_CONTROL,
  wattsFor,
  type ChargerControl,
  type ChargerSettings,
  type ChargerTiming,
} from './charger-control';
import type { LocalTime } from './local-time';

// A home wallbox: the car mostly arrives after work (or around midday at the weekend), wants
// 5–30 kWh and leaves after a few hours or the next morning, full or not.
export interface EvCar {
  batteryKwh: number;
  socPct: number;
  /** The car stops taking energy at this SoC. */
  limitPct: number;
}

export interface EvSession {
  car: EvCar;
  /** Simulated epoch ms when the car leaves. */
  departsAt: number;
  /** Energy delivered in this session, kWh. */
  deliveredKwh: number;
}

export interface EvState {
  session: EvSession | null;
  settings: ChargerSettings;
  control: ChargerControl;
}

export const initialEvState = (settings: ChargerSettings = DEFAULT_CHARGER_SETTINGS): EvState => ({
  session: null,
  settings,
  control: IDLE_CONTROL,
});

/** Energy the car still takes before its limit, kWh. */
export const wantedKwh = (car: EvCar): number => Math.max(0, ((car.limitPct - car.socPct) / 100) * car.batteryKwh);

/** Arrivals per hour at a local time; about one session a day. */
export function arrivalRatePerHour(time: LocalTime): number {
  const weekend = time.weekday === 0 || time.weekday === 6;
  const peak = weekend ? 12.5 : 17.5;
  const x = (time.hour - peak) / (weekend ? 2.5 : 1.2);
  return (weekend ? 0.16 : 0.3) * Math.exp(-0.5 * x * x);
}

/** Plugs a car in (maybe), unplugs it when it leaves; returns the new state. */
export function stepEvSession(state: EvState, time: LocalTime, nowMs: number, dtSeconds: number, rng: Random): EvState {
  if (state.session) return nowMs >= state.session.departsAt ? { ...state, session: null } : state;
  if (rng.next() >= arrivalRatePerHour(time) * (dtSeconds / 3600)) return state;
  const dwellHours = time.hour >= 16 ? 24 + 7 - time.hour : 2 + rng.next() * 4; // overnight until 7:00
  const batteryKwh = 40 + Math.round(rng.next() * 40);
  const want = 5 + rng.next() * 25;
  const limitPct = 80 + 20 * Math.round(rng.next());
  const socPct = Math.max(5, limitPct - (want / batteryKwh) * 100);
  return { ...state, session: { car: { batteryKwh, socPct, limitPct }, departsAt: nowMs + dwellHours * 3_600_000, deliveredKwh: 0 } };
}

/**
 * Runs the controller for this step and returns the charging power (W, integer): what the controller
 * allows, never more than the car still takes in the step.
 */
export function evChargeW(
  state: EvState,
  inputs: { nowMs: number; surplusW: number; ratedW: number; dtSeconds: number },
  timing?: ChargerTiming,
): { state: EvState; powerW: number } {
  const need = state.session ? wantedKwh(state.session.car) : 0;
  const control = controlCharger(
    state.settings,
    state.control,
    { nowMs: inputs.nowMs, surplusW: inputs.surplusW, ratedW: inputs.ratedW, carWants: need > 0 },
    timing,
  );
  const byNeed = (need * 1000) / (inputs.dtSeconds / 3600);
  return { state: { ...state, control }, powerW: Math.floor(Math.min(wattsFor(control.currentA, control.phases), byNeed)) };
}

/** Adds the energy delivered in this step to the car and the session. */
export function afterCharging(state: EvState, powerW: number, dtSeconds: number): EvState {
  if (!state.session || powerW <= 0) return state;
  const delivered = (powerW * dtSeconds) / 3_600_000;
  const { car } = state.session;
  const socPct = Math.min(car.limitPct, car.socPct + (delivered / car.batteryKwh) * 100);
  return { ...state, session: { ...state.session, car: { ...car, socPct }, deliveredKwh: state.session.deliveredKwh + delivered } };
}
