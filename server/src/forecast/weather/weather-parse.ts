// Hourly weather from an open-meteo–shaped JSON answer ({"utc_offset_seconds"?, "hourly": {"time":
// [...], "shortwave_radiation"?: [...], "cloud_cover"?: [...]}}) or a CSV with the same columns.
// Shortwave radiation is the mean of the hour before its time stamp (open-meteo's convention); cloud
// cover is the value at the time stamp and serves the hour that starts there. Anything else is malformed.
import type { WeatherHour, WeatherHours } from '../model/forecast-plant';

const HOUR_MS = 3_600_000;
const MAX_HOURS = 24 * 32;

export class MalformedWeather extends Error {}

/** ISO time with a zone, or without one (then read with the document's UTC offset). */
function parseTime(text: unknown, offsetSeconds: number): number {
  if (typeof text !== 'string' || text.length > 40) throw new MalformedWeather('a time is not a string');
  const zoned = /(Z|[+-]\d\d:?\d\d)$/.test(text);
  const ts = Date.parse(zoned ? text : `${text.length === 16 ? `${text}:00` : text}Z`) - (zoned ? 0 : offsetSeconds * 1000);
  if (!Number.isFinite(ts)) throw new MalformedWeather(`"${text}" is not a time`);
  return ts;
}

function reading(value: unknown, max: number): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number) || number < 0 || number > max) throw new MalformedWeather(`${String(value)} is not a plausible reading`);
  return number;
}

function collect(
  times: readonly number[],
  ghi: ReadonlyArray<unknown> | undefined,
  cloud: ReadonlyArray<unknown> | undefined,
): WeatherHours {
  if (!ghi && !cloud) throw new MalformedWeather('neither shortwave_radiation nor cloud_cover');
  if (times.length === 0 || times.length > MAX_HOURS) throw new MalformedWeather(`${times.length} hours`);
  if ((ghi && ghi.length !== times.length) || (cloud && cloud.length !== times.length))
    throw new MalformedWeather('columns of different lengths');
  const hours = new Map<number, WeatherHour>();
  const at = (hour: number) => hours.get(hour) ?? hours.set(hour, {}).get(hour)!;
  times.forEach((time, i) => {
    const g = reading(ghi?.[i], 1500);
    const c = reading(cloud?.[i], 100);
    if (g !== undefined) at(time - HOUR_MS).ghi = g;
    if (c !== undefined) at(time).cloudCoverPct = c;
  });
  if (hours.size === 0) throw new MalformedWeather('no readings');
  return hours;
}

interface OpenMeteoShape {
  utc_offset_seconds?: unknown;
  hourly?: { time?: unknown; shortwave_radiation?: unknown; cloud_cover?: unknown; cloudcover?: unknown };
}

const asArray = (value: unknown): unknown[] | undefined => (Array.isArray(value) ? value : undefined);

function parseJson(document: OpenMeteoShape): WeatherHours {
  const hourly = document.hourly;
  const times = asArray(hourly?.time);
  if (!hourly || !times) throw new MalformedWeather('no hourly.time');
  const offset = typeof document.utc_offset_seconds === 'number' ? document.utc_offset_seconds : 0;
  return collect(
    times.map((t) => parseTime(t, offset)),
    asArray(hourly.shortwave_radiation),
    asArray(hourly.cloud_cover) ?? asArray(hourly.cloudcover),
  );
}

function parseCsv(text: string): WeatherHours {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length < 2) throw new MalformedWeather('no rows');
  const separator = lines[0].includes(';') ? ';' : ',';
  const header = lines[0].split(separator).map((h) => h.trim().toLowerCase());
  const column = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const time = column('time');
  const ghi = column('shortwave_radiation', 'ghi');
  const cloud = column('cloud_cover', 'cloudcover');
  if (time < 0) throw new MalformedWeather('no time column');
  const rows = lines.slice(1).map((line) => line.split(separator).map((cell) => cell.trim()));
  return collect(
    rows.map((row) => parseTime(row[time], 0)),
    ghi >= 0 ? rows.map((row) => row[ghi]) : undefined,
    cloud >= 0 ? rows.map((row) => row[cloud]) : undefined,
  );
}

/** Parses a weather document; throws MalformedWeather when it is not one. */
export function parseWeather(text: string): WeatherHours {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    let document: unknown;
    try {
      document = JSON.parse(trimmed);
    } catch {
      throw new MalformedWeather('not valid JSON');
    }
    if (typeof document !== 'object' || document === null) throw new MalformedWeather('not an object');
    return parseJson(document as OpenMeteoShape);
  }
  return parseCsv(trimmed);
}
