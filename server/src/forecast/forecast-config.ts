// Forecast settings from the environment (checked at start, like config.ts).
import { integer, type Env } from '../config-values';

export interface ForecastConfig {
  /**
   * http(s) URL or file path of hourly weather: an open-meteo–shaped JSON (hourly.time with
   * hourly.shortwave_radiation and/or hourly.cloud_cover) or a CSV with the same columns. `{lat}` and
   * `{lon}` in the URL are replaced by each plant's position (one read per place); without them one
   * document serves every plant. Unset: the offline model only.
   */
  weatherUrl?: string;
  /** A weather read that takes longer is abandoned (the offline model issues instead). */
  weatherTimeoutMs: number;
  /** Issued forecasts older than this are deleted. */
  retentionDays: number;
  /** For a plant without any issued forecast, reconstruct (and mark as such) the day-before forecasts of this many past days from its history. */
  backfillDays: number;
  /** How often forecasts are issued. */
  issueEveryMs: number;
}

export function loadForecastConfig(env: Env): ForecastConfig {
  const weatherUrl = env.FORECAST_WEATHER_URL?.trim() || undefined;
  return {
    weatherUrl,
    weatherTimeoutMs: integer(env, 'FORECAST_WEATHER_TIMEOUT_MS', 10_000, 100, 120_000),
    retentionDays: integer(env, 'FORECAST_RETENTION_DAYS', 30, 2, 3650),
    backfillDays: integer(env, 'FORECAST_BACKFILL_DAYS', 7, 0, 7),
    issueEveryMs: 3_600_000,
  };
}
