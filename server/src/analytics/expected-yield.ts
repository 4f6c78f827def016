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
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
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
    whPerM2 += planeOfArrayIrradiance(new Date(t + step / 2), site) * (step / HOUR_MS);
  }
  return whPerM2 / 1000;
}

/** Days of a long interval are read from every fourth day's irradiation, interpolated: it changes smoothly over the year. */
const ANCHOR_EVERY_DAYS = 4;
const MAX_KEPT = 200_000;
const kept = new Map<string, number>();

function remember(key: string, compute: () => number): number {
  let value = kept.get(key);
  if (value === undefined) {
    value = compute();
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(key, value);
  }
  return value;
}

/** A site rounded to what the model resolves: 0.25° latitude, 1° longitude, 5° of tilt and azimuth (under 1 % apart). */
export function roundedSite(site: ArraySite): ArraySite {
  const to = (value: number, step: number) => Math.round(value / step) * step;
  return {
    latitude: to(site.latitude, 0.25),
    longitude: to(site.longitude, 1),
    tiltDeg: to(site.tiltDeg ?? DEFAULT_TILT_DEG, 5),
    azimuthDeg: to(site.azimuthDeg ?? DEFAULT_AZIMUTH_DEG, 5),
  };
}

const siteKey = (site: ArraySite) => `${site.latitude}|${site.longitude}|${site.tiltDeg}|${site.azimuthDeg}`;

/** Irradiation of one UTC day (day number since the epoch), interpolated between anchor days. */
function dayIrradiation(site: ArraySite, key: string, day: number): number {
  const anchor = (d: number) => remember(`${key}|d${d}`, () => planeOfArrayIrradiation(site, d * DAY_MS, (d + 1) * DAY_MS));
  const before = day - (((day % ANCHOR_EVERY_DAYS) + ANCHOR_EVERY_DAYS) % ANCHOR_EVERY_DAYS);
  if (before === day) return anchor(day);
  const share = (day - before) / ANCHOR_EVERY_DAYS;
  return anchor(before) * (1 - share) + anchor(before + ANCHOR_EVERY_DAYS) * share;
}

/**
 * The irradiation, remembered: a short interval per site and bounds (the buckets of one time zone
 * are the same for every plant in it), a long one as its partial days at each end plus whole days.
 */
export function keptIrradiation(site: ArraySite, from: number, to: number): number {
  const rounded = roundedSite(site);
  const key = siteKey(rounded);
  if (to - from <= 2 * DAY_MS) return remember(`${key}|${from}|${to}`, () => planeOfArrayIrradiation(rounded, from, to));
  const sum = () => {
    const firstDay = Math.ceil(from / DAY_MS);
    const endDay = Math.floor(to / DAY_MS);
    let total = planeOfArrayIrradiation(rounded, from, firstDay * DAY_MS) + planeOfArrayIrradiation(rounded, endDay * DAY_MS, to);
    for (let day = firstDay; day < endDay; day++) total += dayIrradiation(rounded, key, day);
    return total;
  };
  // A bucket that ends now is asked for with a new end on every call: its sum is not worth keeping.
  return to < Date.now() - HOUR_MS ? remember(`${key}|${from}|${to}`, sum) : sum();
}

/** Expected clear-sky energy (kWh) of an array of `pvPeakKw` over [from, to). */
export function expectedYieldKwh(site: ArraySite, pvPeakKw: number, from: number, to: number): number {
  return to > from ? pvPeakKw * keptIrradiation(site, from, to) : 0;
}
