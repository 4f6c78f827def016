import type { Random } from '../random';

// Each day has its own weather (a target cover); the cover drifts towards it with noise, so output
// changes smoothly minute to minute but sunny and grey days both happen.
const REVERSION_PER_HOUR = 0.6;
const NOISE_PER_SQRT_HOUR = 0.25;

/** Target cloud cover for a calendar day, stable for a given plant seed. */
export function dailyCloudTarget(seed: number, at: Date): number {
  const day = Math.floor(at.getTime() / 86_400_000);
  let h = (seed ^ Math.imul(day, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  const u = ((h ^ (h >>> 16)) >>> 0) / 4294967296;
  // Skewed towards fair weather: about half the days are mostly clear.
  return u * u;
}

/** One step of the cloud random walk; the result stays within 0…1. */
export function stepCloudCover(cover: number, target: number, dtSeconds: number, rng: Random): number {
  const dtHours = dtSeconds / 3600;
  const pull = (target - cover) * Math.min(1, REVERSION_PER_HOUR * dtHours);
  const noise = NOISE_PER_SQRT_HOUR * Math.sqrt(dtHours) * rng.gauss();
  return Math.min(1, Math.max(0, cover + pull + noise));
}
