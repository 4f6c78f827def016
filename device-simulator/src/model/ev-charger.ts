import type { Random } from '../random';
import type { LocalTime } from './local-time';

// A home wallbox: the car mostly arrives after work (or around midday at the weekend), wants
// 5–30 kWh and leaves after a few hours or the next morning, full or not.
export interface EvSession {
  /** Energy the car still wants, kWh. */
  remainingKwh: number;
  /** Simulated epoch ms when the car leaves. */
  departsAt: number;
}

export interface EvState {
  session: EvSession | null;
}

/** Arrivals per hour at a local time; about one session a day. */
export function arrivalRatePerHour(time: LocalTime): number {
  const weekend = time.weekday === 0 || time.weekday === 6;
  const peak = weekend ? 12.5 : 17.5;
  const x = (time.hour - peak) / (weekend ? 2.5 : 1.2);
  return (weekend ? 0.16 : 0.3) * Math.exp(-0.5 * x * x);
}

/** Plugs a car in (maybe), unplugs it when it leaves; returns the new state. */
export function stepEvSession(
  state: EvState,
  time: LocalTime,
  nowMs: number,
  dtSeconds: number,
  rng: Random,
): EvState {
  if (state.session) return nowMs >= state.session.departsAt ? { session: null } : state;
  if (rng.next() >= arrivalRatePerHour(time) * (dtSeconds / 3600)) return state;
  const dwellHours = time.hour >= 16 ? 24 + 7 - time.hour : 2 + rng.next() * 4; // overnight until 7:00
  return {
    session: { remainingKwh: 5 + rng.next() * 25, departsAt: nowMs + dwellHours * 3_600_000 },
  };
}

/** Charging power (W, integer) for this step: full power until the car has what it wants. */
export function evChargeW(state: EvState, chargerKw: number, dtSeconds: number): number {
  if (!state.session || state.session.remainingKwh <= 0) return 0;
  const byNeed = (state.session.remainingKwh * 1000) / (dtSeconds / 3600);
  return Math.floor(Math.min(chargerKw * 1000, byNeed));
}

/** Deducts the energy delivered in this step from the session. */
export function afterCharging(state: EvState, powerW: number, dtSeconds: number): EvState {
  if (!state.session || powerW <= 0) return state;
  const delivered = (powerW * dtSeconds) / 3_600_000;
  return { session: { ...state.session, remainingKwh: Math.max(0, state.session.remainingKwh - delivered) } };
}
