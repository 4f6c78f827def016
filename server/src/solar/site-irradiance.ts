// Irradiance on one plant's panels at an instant: under a clear sky, or for a forecast GHI.
import { absoluteAirMass, DARK, DEFAULT_LINKE_TURBIDITY, extraterrestrialIrradiance, ineichen, type Irradiance } from './clear-sky';
import { sunPosition, type SunPosition } from './position';
import { erbs, planeOfArray, type PanelOrientation } from './transposition';

export interface SolarSite extends PanelOrientation {
  latitude: number;
  longitude: number;
  /** Metres above sea level (0 when unknown: the performance factor absorbs the difference). */
  altitudeM: number;
}

/** A typical rooftop when the plant's settings leave tilt or azimuth empty: 35°, facing the equator. */
export const DEFAULT_TILT_DEG = 35;
export const defaultAzimuthDeg = (latitude: number): number => (latitude >= 0 ? 0 : 180);

export function siteOf(plant: { latitude: number; longitude: number; tilt_deg: number | null; azimuth_deg: number | null }): SolarSite {
  return {
    latitude: plant.latitude,
    longitude: plant.longitude,
    tiltDeg: plant.tilt_deg ?? DEFAULT_TILT_DEG,
    azimuthDeg: plant.azimuth_deg ?? defaultAzimuthDeg(plant.latitude),
    altitudeM: 0,
  };
}

/** The clear sky over a place at an instant: what every orientation there shares. */
export interface ClearSky {
  sun: SunPosition;
  dniExtra: number;
  horizontal: Irradiance;
}

export interface ClearSkyPoint extends ClearSky {
  /** Plane-of-array irradiance, W/m². */
  poa: number;
}

export function clearSkyOver(
  place: Pick<SolarSite, 'latitude' | 'longitude' | 'altitudeM'>,
  ts: number,
  linkeTurbidity = DEFAULT_LINKE_TURBIDITY,
): ClearSky {
  const sun = sunPosition(ts, place.latitude, place.longitude);
  const dniExtra = extraterrestrialIrradiance(ts);
  if (sun.elevationDeg <= 0) return { sun, dniExtra, horizontal: DARK };
  const horizontal = ineichen(sun.zenithDeg, absoluteAirMass(sun.zenithDeg, place.altitudeM), linkeTurbidity, place.altitudeM, dniExtra);
  return { sun, dniExtra, horizontal };
}

/** Plane-of-array irradiance (W/m²) of a panel under a clear sky. */
export function clearSkyPoa(sky: ClearSky, panel: PanelOrientation): number {
  return sky.sun.elevationDeg <= 0 ? 0 : planeOfArray(sky.horizontal, sky.sun, panel, sky.dniExtra);
}

export function clearSkyAt(site: SolarSite, ts: number, linkeTurbidity = DEFAULT_LINKE_TURBIDITY): ClearSkyPoint {
  const sky = clearSkyOver(site, ts, linkeTurbidity);
  return { ...sky, poa: clearSkyPoa(sky, site) };
}

/** Plane-of-array irradiance (W/m²) for a given GHI at a clear-sky point's geometry (Erbs split, Hay–Davies). */
export function poaForGhi(point: ClearSkyPoint, site: SolarSite, ghi: number): number {
  if (point.sun.elevationDeg <= 0) return 0;
  return planeOfArray(erbs(ghi, point.sun.zenithDeg, point.dniExtra), point.sun, site, point.dniExtra);
}

/** Mean clear-sky POA over [start, start + durationMs), from `samples` evenly spaced midpoints. */
export function meanClearPoa(site: SolarSite, start: number, durationMs: number, samples = 4): number {
  let sum = 0;
  for (let i = 0; i < samples; i++) sum += clearSkyAt(site, start + ((i + 0.5) * durationMs) / samples).poa;
  return sum / samples;
}
