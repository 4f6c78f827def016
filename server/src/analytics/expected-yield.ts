// What a PV array gives under a clear sky, for the performance ratio of the analytics pages: the
// solar module's clear sky (Ineichen–Perez on the horizontal, Hay–Davies onto the array's plane), the
// same one the forecasts are built on. Expected energy = kWp × plane-of-array irradiation (kWh/m²) /
// 1 kW/m²: the reference yield of IEC 61724 for a clear sky, so a ratio against it also drops on
// cloudy days.
import { BoundedMap } from '../cache/bounded-map';
import { clearSkyOver, clearSkyPoa, DEFAULT_TILT_DEG, defaultAzimuthDeg, type ClearSky } from '../solar/site-irradiance';

export interface ArraySite {
  latitude: number;
  longitude: number;
  /** degrees from horizontal; null: unknown (a typical roof: 35°) */
  tiltDeg: number | null;
  /** degrees, 0 south, -90 east, 90 west; null: unknown (facing the equator) */
  azimuthDeg: number | null;
}

const STEP_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const panelOf = (site: ArraySite) => ({
  tiltDeg: site.tiltDeg ?? DEFAULT_TILT_DEG,
  azimuthDeg: site.azimuthDeg ?? defaultAzimuthDeg(site.latitude),
});

/** Clear-sky irradiance on the array's plane (W/m²) at `at`; 0 with the sun below the horizon. */
export function planeOfArrayIrradiance(at: Date, site: ArraySite): number {
  return clearSkyPoa(clearSkyOver({ ...site, altitudeM: 0 }, at.getTime()), panelOf(site));
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
/** A quarter hour's clear sky, packed: elevation, zenith, azimuth, extraterrestrial, GHI, DNI, DHI. */
const SKY_FIELDS = 7;
/** What is kept, each bounded: sums (a number each), a day's running sums (0.8 kB), a day of skies at a place (2.7 kB). */
const keptSums = new BoundedMap<string, number>(200_000);
const keptDays = new BoundedMap<string, Float64Array>(20_000);
const keptSkies = new BoundedMap<string, Float32Array>(20_000);
/** The kept value, or the computed one kept (past the bound the least recently used goes). */
export function remember<T>(kept: BoundedMap<string, T>, key: string, compute: () => T): T {
  let value = kept.get(key);
  if (value === undefined) kept.set(key, (value = compute()));
  return value;
}
/** The bounds of what is kept (for the test that states them). */
export const keptBounds = () => ({ sums: keptSums.capacity, days: keptDays.capacity, skies: keptSkies.capacity });

/** A site rounded to what the model resolves: 0.25° latitude, 1° longitude, 5° of tilt and azimuth (under 1 % apart). */
export function roundedSite(site: ArraySite): ArraySite {
  const to = (value: number, step: number) => Math.round(value / step) * step;
  return {
    latitude: to(site.latitude, 0.25),
    longitude: to(site.longitude, 1),
    tiltDeg: to(panelOf(site).tiltDeg, 5),
    azimuthDeg: to(panelOf(site).azimuthDeg, 5),
  };
}

const siteKey = (site: ArraySite) => `${site.latitude}|${site.longitude}|${site.tiltDeg}|${site.azimuthDeg}`;

/** The clear sky at the middle of each quarter hour of a UTC day over a place: shared by every orientation there. */
function skiesOfDay(site: ArraySite, day: number): Float32Array {
  return remember(keptSkies, `${site.latitude}|${site.longitude}|${day}`, () => {
    const skies = new Float32Array(SKY_FIELDS * SLOTS_PER_DAY);
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++) {
      const { sun, dniExtra, horizontal } = clearSkyOver({ ...site, altitudeM: 0 }, day * DAY_MS + (slot + 0.5) * STEP_MS);
      skies.set(
        [sun.elevationDeg, sun.zenithDeg, sun.azimuthDeg, dniExtra, horizontal.ghi, horizontal.dni, horizontal.dhi],
        SKY_FIELDS * slot,
      );
    }
    return skies;
  });
}

/** Plane-of-array irradiance (W/m²) in each quarter hour of a UTC day. */
function poaOfDay(site: ArraySite, day: number): Float64Array {
  const skies = skiesOfDay(site, day);
  const panel = panelOf(site);
  const poa = new Float64Array(SLOTS_PER_DAY);
  for (let slot = 0; slot < SLOTS_PER_DAY; slot++) {
    const at = (field: number) => skies[SKY_FIELDS * slot + field] ?? 0;
    const sky: ClearSky = {
      sun: { elevationDeg: at(0), zenithDeg: at(1), azimuthDeg: at(2) },
      dniExtra: at(3),
      horizontal: { ghi: at(4), dni: at(5), dhi: at(6) },
    };
    poa[slot] = clearSkyPoa(sky, panel);
  }
  return poa;
}

/** Running sums (kWh/m²) over the quarter hours of a UTC day (day number since the epoch): any part of the day in two reads. */
function daySums(site: ArraySite, key: string, day: number): Float64Array {
  return remember(keptDays, `${key}|${day}`, () => {
    const poa = poaOfDay(site, day);
    const sums = new Float64Array(SLOTS_PER_DAY + 1);
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++) sums[slot + 1] = (sums[slot] ?? 0) + ((poa[slot] ?? 0) * (STEP_MS / HOUR_MS)) / 1000;
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
    const poa = poaOfDay(site, day);
    let whPerM2 = 0;
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++) whPerM2 += (poa[slot] ?? 0) * (STEP_MS / HOUR_MS);
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
