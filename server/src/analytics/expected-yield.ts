// What a PV array gives under a clear sky, for the performance ratio of the analytics pages. Sun
// position from suncalc; beam irradiance from the Meinel clear-sky model (DNI = 1353 · 0.7^(AM^0.678),
// air mass after Kasten & Young 1989); diffuse light as 10 % of the beam; transposed onto the
// array's plane (isotropic sky, ground albedo 0.2). Expected energy = kWp × plane-of-array
// irradiation (kWh/m²) / 1 kW/m²: the reference yield of IEC 61724 for a clear sky, so a ratio
// against it also drops on cloudy days. The forecasting module may replace this with its own model.
import { getPosition } from 'suncalc';

export interface ArraySite {
  latitude: number;
  longitude: number;
  /** degrees from horizontal; null: unknown */
  tiltDeg: number | null;
  /** degrees, 0 south, -90 east, 90 west (suncalc's convention); null: unknown */
  azimuthDeg: number | null;
}

/** An array whose orientation is not set is taken as a typical Czech roof: 35° facing south. */
export const DEFAULT_TILT_DEG = 35;
export const DEFAULT_AZIMUTH_DEG = 0;
const SOLAR_CONSTANT_W_M2 = 1353;
const DIFFUSE_SHARE = 0.1;
const ALBEDO = 0.2;
const STEP_MS = 15 * 60_000;
const RAD = Math.PI / 180;

/** Kasten & Young (1989) relative air mass at the zenith angle (radians). */
export function airMass(zenith: number): number {
  const zenithDeg = zenith / RAD;
  return 1 / (Math.cos(zenith) + 0.50572 * Math.pow(96.07995 - zenithDeg, -1.6364));
}

/** Clear-sky irradiance on the array's plane (W/m²) at `at`; 0 with the sun below the horizon. */
export function planeOfArrayIrradiance(at: Date, site: ArraySite): number {
  const { altitude, azimuth } = getPosition(at, site.latitude, site.longitude);
  if (altitude <= 0) return 0;
  const zenith = Math.PI / 2 - altitude;
  const beam = SOLAR_CONSTANT_W_M2 * Math.pow(0.7, Math.pow(airMass(zenith), 0.678));
  const diffuse = DIFFUSE_SHARE * beam;
  const global = beam * Math.cos(zenith) + diffuse;
  const tilt = (site.tiltDeg ?? DEFAULT_TILT_DEG) * RAD;
  const facing = (site.azimuthDeg ?? DEFAULT_AZIMUTH_DEG) * RAD;
  const cosIncidence = Math.cos(zenith) * Math.cos(tilt) + Math.sin(zenith) * Math.sin(tilt) * Math.cos(azimuth - facing);
  return beam * Math.max(0, cosIncidence) + (diffuse * (1 + Math.cos(tilt))) / 2 + (global * ALBEDO * (1 - Math.cos(tilt))) / 2;
}

/** Clear-sky irradiation on the array's plane (kWh/m²) over [from, to), by 15-minute midpoints. */
export function planeOfArrayIrradiation(site: ArraySite, from: number, to: number): number {
  let whPerM2 = 0;
  for (let t = from; t < to; t += STEP_MS) {
    const step = Math.min(STEP_MS, to - t);
    whPerM2 += planeOfArrayIrradiance(new Date(t + step / 2), site) * (step / 3_600_000);
  }
  return whPerM2 / 1000;
}

const MAX_KEPT = 100_000;
const kept = new Map<string, number>();

/**
 * The same, remembered per site and interval: the buckets of one time zone are the same for every
 * plant in it, and a site is rounded to 0.1° and whole degrees, far below what the model resolves.
 */
export function keptIrradiation(site: ArraySite, from: number, to: number): number {
  const rounded: ArraySite = {
    latitude: Math.round(site.latitude * 10) / 10,
    longitude: Math.round(site.longitude * 10) / 10,
    tiltDeg: Math.round(site.tiltDeg ?? DEFAULT_TILT_DEG),
    azimuthDeg: Math.round(site.azimuthDeg ?? DEFAULT_AZIMUTH_DEG),
  };
  const key = `${rounded.latitude}|${rounded.longitude}|${rounded.tiltDeg}|${rounded.azimuthDeg}|${from}|${to}`;
  let value = kept.get(key);
  if (value === undefined) {
    value = planeOfArrayIrradiation(rounded, from, to);
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(key, value);
  }
  return value;
}

/** Expected clear-sky energy (kWh) of an array of `pvPeakKw` over [from, to). */
export function expectedYieldKwh(site: ArraySite, pvPeakKw: number, from: number, to: number): number {
  return to > from ? pvPeakKw * keptIrradiation(site, from, to) : 0;
}
