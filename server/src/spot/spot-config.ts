// Where spot prices come from, from the environment (checked at start like config.ts).
import { ConfigError, type Env } from '../config-values';

export interface SpotConfig {
  /** Market area whose prices the console shows. */
  area: string;
  /** The area's time zone: its delivery days start at local midnight. */
  timeZone: string;
  /** http(s) URL or file path of a price CSV, read at start and every hour; unset: no import. */
  pricesUrl?: string;
  /** Generate labelled demo prices for days without imported ones (default: on when nothing is imported). */
  demo: boolean;
  /** CZK per EUR for the CZK/kWh column. */
  eurCzk: number;
}

export function loadSpotConfig(env: Env): SpotConfig {
  const pricesUrl = env.SPOT_PRICES_URL?.trim() || undefined;
  const demoRaw = env.SPOT_DEMO?.trim().toLowerCase();
  if (demoRaw !== undefined && demoRaw !== '' && !['on', 'off'].includes(demoRaw)) {
    throw new ConfigError('SPOT_DEMO', `must be on or off (got "${env.SPOT_DEMO}")`);
  }
  const rateRaw = env.EUR_CZK?.trim();
  const eurCzk = rateRaw ? Number(rateRaw) : 25;
  if (!Number.isFinite(eurCzk) || eurCzk <= 0) throw new ConfigError('EUR_CZK', `must be a positive number (got "${rateRaw}")`);
  return {
    area: 'CZ',
    timeZone: 'Europe/Prague',
    pricesUrl,
    demo: demoRaw ? demoRaw === 'on' : pricesUrl === undefined,
    eurCzk,
  };
}
