// What PV should give under a clear sky, for the "PV far below expected" alert: the solar module's
// clear-sky global horizontal irradiance (the one forecasts and analytics use), times the array's
// peak power and a performance ratio. Horizontal on purpose: it under-estimates a tilted array, which
// errs on the side of fewer false alerts.
import { clearSkyOver } from '../solar/site-irradiance';

const PERFORMANCE_RATIO = 0.85;
const STC_IRRADIANCE_W_M2 = 1000;

/** Clear-sky global horizontal irradiance (W/m²) at `at` for the place; 0 with the sun below the horizon. */
export function clearSkyIrradiance(at: Date, latitude: number, longitude: number): number {
  return clearSkyOver({ latitude, longitude, altitudeM: 0 }, at.getTime()).horizontal.ghi;
}

/** Expected PV output in W for an array of `pvPeakKw` at `at`. */
export function clearSkyPvW(at: Date, latitude: number, longitude: number, pvPeakKw: number): number {
  return pvPeakKw * 1000 * (clearSkyIrradiance(at, latitude, longitude) / STC_IRRADIANCE_W_M2) * PERFORMANCE_RATIO;
}
