// Reading the weather service: one read per distinct URL (the URL may name each plant's position
// with {lat} and {lon}, rounded to 0.1°, so plants close together share a read). A service that is
// down, slower than the timeout or answers something that is not weather gives a failure, never an
// exception: the issuer then forecasts offline and says why.
import fs from 'node:fs/promises';
import type { WeatherFailure } from '@helio/contracts';
import type { WeatherHours } from '../model/forecast-plant';
import { MalformedWeather, parseWeather } from './weather-parse';

const MAX_BYTES = 2 * 1024 * 1024;

export type WeatherRead = { ok: true; hours: WeatherHours } | { ok: false; failure: WeatherFailure; reason: string };

export function weatherUrlFor(template: string, latitude: number, longitude: number): string {
  return template.replaceAll('{lat}', latitude.toFixed(1)).replaceAll('{lon}', longitude.toFixed(1));
}

async function fetchText(url: string, timeoutMs: number): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json, text/csv' } });
  if (!response.ok) throw new Error(`answered ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_BYTES) throw new MalformedWeather('answer too large');
  return text;
}

export async function readWeather(source: string, timeoutMs: number): Promise<WeatherRead> {
  try {
    const text = /^https?:\/\//.test(source)
      ? await fetchText(source, timeoutMs)
      : await fs.readFile(source.replace(/^file:\/\//, ''), 'utf8');
    return { ok: true, hours: parseWeather(text) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof MalformedWeather) return { ok: false, failure: 'malformed', reason };
    // The timeout's DOMException is not an Error in every realm: go by its name.
    const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
    if (name === 'TimeoutError' || name === 'AbortError') return { ok: false, failure: 'slow', reason: `no answer within ${timeoutMs} ms` };
    return {
      ok: false,
      failure: 'down',
      reason: error instanceof Error && error.cause instanceof Error ? `${reason} (${error.cause.message})` : reason,
    };
  }
}

/** Reads each distinct URL once per issue run. */
export function weatherReader(template: string, timeoutMs: number) {
  const reads = new Map<string, Promise<WeatherRead>>();
  return (latitude: number, longitude: number): Promise<WeatherRead> => {
    const url = weatherUrlFor(template, latitude, longitude);
    let read = reads.get(url);
    if (!read) reads.set(url, (read = readWeather(url, timeoutMs)));
    return read;
  };
}
