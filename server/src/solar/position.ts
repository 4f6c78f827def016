// Where the sun stands: suncalc's position (the astronomical formulas of Astronomy Answers, as the
// device simulator uses them) with the atmosphere's refraction added, since the clear-sky models
// are written for the apparent sun.
import { getPosition } from 'suncalc';

const DEG = 180 / Math.PI;

export interface SunPosition {
  /** Apparent elevation above the horizon, degrees (refraction included). */
  elevationDeg: number;
  /** 90 − elevation, degrees. */
  zenithDeg: number;
  /** Degrees from south, west positive (−90 east, +90 west), as plants' azimuths are counted. */
  azimuthDeg: number;
}

/** Refraction in degrees for a true elevation in degrees (Sæmundsson's formula, Meeus 16.4); none far below the horizon. */
export function refractionDeg(trueElevationDeg: number): number {
  if (trueElevationDeg < -1) return 0;
  const h = Math.max(trueElevationDeg, -0.5);
  return 1.02 / Math.tan((h + 10.3 / (h + 5.11)) / DEG) / 60;
}

export function sunPosition(ts: number, latitude: number, longitude: number): SunPosition {
  const { altitude, azimuth } = getPosition(new Date(ts), latitude, longitude);
  const trueElevation = altitude * DEG;
  const elevationDeg = trueElevation + refractionDeg(trueElevation);
  return { elevationDeg, zenithDeg: 90 - elevationDeg, azimuthDeg: azimuth * DEG };
}
