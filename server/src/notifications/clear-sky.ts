// What PV should give under a clear sky: the Haurwitz model of global horizontal irradiance from the
// sun's height (suncalc), times the array's peak power and a performance ratio. Horizontal irradiance
// under-estimates a tilted array, which errs on the side of fewer false "PV far below" alerts.
import { getPosition } from 'suncalc';

const PERFORMANCE_RATIO = 0.85;
const STC_IRRADIANCE_W_M2 = 1000;

/** Clear-sky global horizontal irradiance (W/m²) at `at` for the place; 0 with the sun below the horizon. */
export function clearSkyIrradiance(at: Date, latitude: number, longitude: number): number {
  const { altitude } = getPosition(at, latitude, longitude);
  const cosZenith = Math.sin(altitude);
  if (cosZenith <= 0) return 0;
  return 1098 * cosZenith * Math.exp(-0.057 / cosZenith);
}

/** Expected PV output in W for an array of `pvPeakKw` at `at`. */
export function clearSkyPvW(at: Date, latitude: number, longitude: number, pvPeakKw: number): number {
  return pvPeakKw * 1000 * (clearSkyIrradiance(at, latitude, longitude) / STC_IRRADIANCE_W_M2) * PERFORMANCE_RATIO;
}
