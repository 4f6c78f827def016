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

/** Clear-sky irradiance on the array's plane (W/m²) for the sun at `altitude` and `azimuth` (radians, suncalc's). */
export function irradianceForSun(altitude: number, azimuth: number, site: Pick<ArraySite, 'tiltDeg' | 'azimuthDeg'>): number {
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

/** Clear-sky irradiance on the array's plane (W/m²) at `at`; 0 with the sun below the horizon. */
export function planeOfArrayIrradiance(at: Date, site: ArraySite): number {
  const { altitude, azimuth } = getPosition(at, site.latitude, site.longitude);
  return irradianceForSun(altitude, azimuth, site);
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

/** Whole days of a long interval are read from every seventh day, interpolated: a day's sum changes smoothly over the year. */
const ANCHOR_EVERY_DAYS = 7;
const LONG_INTERVAL_DAYS = 7;
const SLOTS_PER_DAY = DAY_MS / STEP_MS;
/** What is kept, each bounded: sums (a number each), a day's running sums (0.8 kB), a day of sun positions (1.5 kB). */
const keptSums = { map: new Map<string, number>(), most: 200_000 };
const keptDays = { map: new Map<string, Float64Array>(), most: 20_000 };
const keptSuns = { map: new Map<string, Float64Array>(), most: 20_000 };

function remember<T>(kept: { map: Map<string, T>; most: number }, key: string, compute: () => T): T {
  let value = kept.map.get(key);
  if (value === undefined) {
    value = compute();
    if (kept.map.size >= kept.most) kept.map.clear();
    kept.map.set(key, value);
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

/** The sun's altitude and azimuth at the middle of each quarter hour of a UTC day: shared by every orientation at a place. */
function sunOfDay(site: ArraySite, day: number): Float64Array {
  return remember(keptSuns, `${site.latitude}|${site.longitude}|${day}`, () => {
    const sun = new Float64Array(2 * SLOTS_PER_DAY);
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++) {
      const { altitude, azimuth } = getPosition(new Date(day * DAY_MS + (slot + 0.5) * STEP_MS), site.latitude, site.longitude);
      sun[2 * slot] = altitude;
      sun[2 * slot + 1] = azimuth;
    }
    return sun;
  });
}

/** Running sums (kWh/m²) over the quarter hours of a UTC day (day number since the epoch): any part of the day in two reads. */
function daySums(site: ArraySite, key: string, day: number): Float64Array {
  return remember(keptDays, `${key}|${day}`, () => {
    const sun = sunOfDay(site, day);
    const sums = new Float64Array(SLOTS_PER_DAY + 1);
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++) {
      const irradiance = irradianceForSun(sun[2 * slot] ?? 0, sun[2 * slot + 1] ?? 0, site);
      sums[slot + 1] = (sums[slot] ?? 0) + (irradiance * (STEP_MS / HOUR_MS)) / 1000;
    }
    return sums;
  });
}

/** Irradiation within one UTC day, [from, to), read off its running sums (a part of a quarter hour pro rata). */
function withinDay(site: ArraySite, key: string, day: number, from: number, to: number): number {
  const sums = daySums(site, key, day);
  const at = (t: number) => {
    const position = (t - day * DAY_MS) / STEP_MS;
    const slot = Math.min(SLOTS_PER_DAY - 1, Math.floor(position));
    const low = sums[slot] ?? 0;
    return low + ((sums[slot + 1] ?? low) - low) * (position - slot);
  };
  return at(to) - at(from);
}

/** A whole UTC day's irradiation (kWh/m²). */
function wholeDay(site: ArraySite, key: string, day: number): number {
  return remember(keptSums, `${key}|w${day}`, () => {
    const sun = sunOfDay(site, day);
    let whPerM2 = 0;
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++)
      whPerM2 += irradianceForSun(sun[2 * slot] ?? 0, sun[2 * slot + 1] ?? 0, site) * (STEP_MS / HOUR_MS);
    return whPerM2 / 1000;
  });
}

/** A whole UTC day, interpolated between anchor days. */
function anchoredDay(site: ArraySite, key: string, day: number): number {
  const whole = (d: number) => wholeDay(site, key, d);
  const before = day - (((day % ANCHOR_EVERY_DAYS) + ANCHOR_EVERY_DAYS) % ANCHOR_EVERY_DAYS);
  if (before === day) return whole(day);
  const share = (day - before) / ANCHOR_EVERY_DAYS;
  return whole(before) * (1 - share) + whole(before + ANCHOR_EVERY_DAYS) * share;
}

function irradiationOf(site: ArraySite, key: string, from: number, to: number): number {
  const firstDay = Math.floor(from / DAY_MS);
  const lastDay = Math.floor((to - 1) / DAY_MS);
  if (firstDay === lastDay) return withinDay(site, key, firstDay, from, to);
  const long = lastDay - firstDay > LONG_INTERVAL_DAYS;
  let total = withinDay(site, key, firstDay, from, (firstDay + 1) * DAY_MS) + withinDay(site, key, lastDay, lastDay * DAY_MS, to);
  for (let day = firstDay + 1; day < lastDay; day++)
    total += long ? anchoredDay(site, key, day) : withinDay(site, key, day, day * DAY_MS, (day + 1) * DAY_MS);
  return total;
}

/**
 * Clear-sky irradiation on the array's plane (kWh/m²) over [from, to), remembered: each UTC day of a
 * site as quarter-hour running sums (so a bucket ending now costs two reads), and every closed
 * interval's sum (the buckets of one time zone are the same for every plant in it).
 */
export function keptIrradiation(site: ArraySite, from: number, to: number): number {
  if (to <= from) return 0;
  const rounded = roundedSite(site);
  const key = siteKey(rounded);
  // A bucket that ends now is asked for with a new end on every call: its sum is not worth keeping.
  if (to > Date.now() - HOUR_MS) return irradiationOf(rounded, key, from, to);
  return remember(keptSums, `${key}|${from}|${to}`, () => irradiationOf(rounded, key, from, to));
}

/** Expected clear-sky energy (kWh) of an array of `pvPeakKw` over [from, to). */
export function expectedYieldKwh(site: ArraySite, pvPeakKw: number, from: number, to: number): number {
  return to > from ? pvPeakKw * keptIrradiation(site, from, to) : 0;
}
