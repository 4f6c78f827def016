// Clear-sky irradiance on the horizontal: the Ineichen–Perez model (Ineichen and Perez 2002,
// "A new airmass independent formulation for the Linke turbidity coefficient"), as pvlib writes it,
// with a fixed Linke turbidity; extraterrestrial irradiance by Spencer (1971), relative air mass by
// Kasten and Young (1989), pressure from altitude by the standard atmosphere. Haurwitz (1945) for a
// second, simpler opinion on GHI.
const RAD = Math.PI / 180;

export interface Irradiance {
  /** Global horizontal, W/m². */
  ghi: number;
  /** Direct normal, W/m². */
  dni: number;
  /** Diffuse horizontal, W/m². */
  dhi: number;
}

export const DARK: Irradiance = { ghi: 0, dni: 0, dhi: 0 };

/** A typical central-European clear-sky turbidity; the plant's learned performance factor absorbs the rest. */
export const DEFAULT_LINKE_TURBIDITY = 3;

/** Extraterrestrial normal irradiance (W/m²) on a day of the year, Spencer's Fourier series. */
export function extraterrestrialIrradiance(ts: number, solarConstant = 1366.1): number {
  // The day angle from the time itself (no Date: this runs for every step of every plant); within a
  // day of the calendar's day of year, which moves the result by less than 0.03 %.
  const years = ts / (86_400_000 * 365.2425);
  const b = 2 * Math.PI * (years - Math.floor(years));
  const ratio = 1.00011 + 0.034221 * Math.cos(b) + 0.00128 * Math.sin(b) + 0.000719 * Math.cos(2 * b) + 0.000077 * Math.sin(2 * b);
  return solarConstant * ratio;
}

/** Relative optical air mass for an apparent zenith (degrees); NaN below the horizon. */
export function relativeAirMass(zenithDeg: number): number {
  if (zenithDeg >= 90) return Number.NaN;
  return 1 / (Math.cos(zenithDeg * RAD) + 0.50572 * Math.pow(6.07995 + (90 - zenithDeg), -1.6364));
}

/** Air pressure (Pa) at an altitude (m) in the standard atmosphere. */
export function pressureAtAltitude(altitudeM: number): number {
  return 100 * Math.pow((44331.514 - altitudeM) / 11880.516, 1 / 0.1902632);
}

export function absoluteAirMass(zenithDeg: number, altitudeM = 0): number {
  return (relativeAirMass(zenithDeg) * pressureAtAltitude(altitudeM)) / 101325;
}

/**
 * Ineichen–Perez clear sky for an apparent zenith and absolute air mass. `altitudeM` enters the
 * model's own coefficients (fh1, fh2, cg1, cg2), as in pvlib.
 */
export function ineichen(zenithDeg: number, airMassAbsolute: number, linkeTurbidity: number, altitudeM = 0, dniExtra = 1364): Irradiance {
  if (!(zenithDeg < 90) || !Number.isFinite(airMassAbsolute)) return DARK;
  const tl = linkeTurbidity;
  const cosZenith = Math.max(Math.cos(zenithDeg * RAD), 0);
  const fh1 = Math.exp(-altitudeM / 8000);
  const fh2 = Math.exp(-altitudeM / 1250);
  const cg1 = 5.09e-5 * altitudeM + 0.868;
  const cg2 = 3.92e-5 * altitudeM + 0.0387;
  const ghi = Math.max(cg1 * dniExtra * cosZenith * Math.max(Math.exp(-cg2 * airMassAbsolute * (fh1 + fh2 * (tl - 1))), 0), 0);
  const b = 0.664 + 0.163 / fh1;
  const bnci = dniExtra * Math.max(b * Math.exp(-0.09 * airMassAbsolute * (tl - 1)), 0);
  // The empirical correction keeps the beam from exceeding what the global allows near the horizon.
  const bnci2 = ghi * Math.min(Math.max((1 - (0.1 - 0.2 * Math.exp(-tl)) / (0.1 + 0.882 / fh1)) / cosZenith, 0), 1e20);
  const dni = Math.min(bnci, bnci2);
  const dhi = ghi - dni * cosZenith;
  return { ghi, dni, dhi };
}

/** Haurwitz clear-sky GHI (W/m²) for an apparent zenith. */
export function haurwitz(zenithDeg: number): number {
  const cosZenith = Math.cos(zenithDeg * RAD);
  if (cosZenith <= 0) return 0;
  return 1098 * cosZenith * Math.exp(-0.059 / cosZenith);
}
