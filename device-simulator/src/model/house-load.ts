import type { Random } from '../random';
import type { LocalTime } from './local-time';

// A family house: ~250 W always on, a morning and an evening peak on workdays, a later and broader
// pattern at the weekend. Peaks are Gaussian bumps: [centre hour, width hours, watts].
type Bump = readonly [number, number, number];
const BASE_W = 250;
const WORKDAY: readonly Bump[] = [
  [7, 0.8, 900],
  [12.5, 1.5, 250],
  [19, 1.8, 1300],
];
const WEEKEND: readonly Bump[] = [
  [9.5, 1.5, 800],
  [13, 1.5, 700],
  [19, 2, 1200],
];
// Short appliance peaks (kettle, oven, washing machine) arrive at random, more often in the day.
const APPLIANCE_W = 1800;
const APPLIANCE_RATE_PER_HOUR = 0.6;

/** Expected house load (W) at a local time, without noise. */
export function loadProfileW(time: LocalTime): number {
  const bumps = time.weekday === 0 || time.weekday === 6 ? WEEKEND : WORKDAY;
  let watts = BASE_W;
  for (const [centre, width, peak] of bumps) {
    const x = (time.hour - centre) / width;
    watts += peak * Math.exp(-0.5 * x * x);
  }
  return watts;
}

/** House load (W) with ±10 % noise and the occasional appliance; never below the standby base. */
export function houseLoadW(time: LocalTime, dtSeconds: number, rng: Random): number {
  const awake = time.hour >= 6 && time.hour < 23;
  const applianceChance = awake ? APPLIANCE_RATE_PER_HOUR * (dtSeconds / 3600) : 0;
  const appliance = rng.next() < applianceChance ? APPLIANCE_W : 0;
  const noisy = loadProfileW(time) * (1 + 0.1 * rng.gauss()) + appliance;
  return Math.max(BASE_W * 0.6, noisy);
}
