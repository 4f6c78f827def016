import { getPosition } from 'suncalc';

// Fixed array tilted 35° towards the equator, a typical rooftop; performance ratio covers inverter and wiring losses.
const TILT = (35 * Math.PI) / 180;
const PERFORMANCE_RATIO = 0.85;
const SOLAR_CONSTANT_KW_M2 = 1.353;

/**
 * Clear-sky output as a fraction of the array's peak power (0…1) for the sun's position at `at`.
 * Beam irradiance from the Meinel air-mass model, projected on the tilted panel, plus a diffuse share.
 */
export function clearSkyFactor(at: Date, latitude: number, longitude: number): number {
  const { altitude, azimuth } = getPosition(at, latitude, longitude);
  if (altitude <= 0) return 0;
  const altitudeDeg = (altitude * 180) / Math.PI;
  // Kasten–Young air mass: stays finite near the horizon.
  const airMass = 1 / (Math.sin(altitude) + 0.50572 * Math.pow(altitudeDeg + 6.07995, -1.6364));
  const beam = SOLAR_CONSTANT_KW_M2 * Math.pow(0.7, Math.pow(airMass, 0.678));
  // suncalc's azimuth is measured from south: cos(azimuth) is 1 when the sun faces a south-facing panel;
  // south of the equator panels face north.
  const facing = latitude >= 0 ? Math.cos(azimuth) : -Math.cos(azimuth);
  const incidence = Math.sin(altitude) * Math.cos(TILT) + Math.cos(altitude) * Math.sin(TILT) * facing;
  const diffuse = 0.1 * beam * Math.sin(altitude) * ((1 + Math.cos(TILT)) / 2);
  const planeOfArray = beam * Math.max(0, incidence) + diffuse;
  return Math.min(1, planeOfArray * PERFORMANCE_RATIO);
}

/** Share of clear-sky output that passes a cloud cover (0 clear … 1 overcast); overcast still lets ~20 % through. */
export function cloudTransmission(cloudCover: number): number {
  return 1 - 0.8 * cloudCover;
}
