// Analytics settings from the environment (checked at start like config.ts): the grid's CO₂ factor
// for "CO₂ avoided", and the spot market and exchange rate that price energy of plants without a tariff.
import { ConfigError, type Env } from '../config-values';
import { loadSpotConfig } from '../spot/spot-config';

export interface AnalyticsConfig {
  /** kg CO₂ a kWh from the grid emits: each kWh the plants produce avoids it. */
  co2KgPerKwh: number;
  spotArea: string;
  eurCzk: number;
}

/** The Czech grid's emission factor, roughly, when ANALYTICS_CO2_KG_PER_KWH is not set. */
export const DEFAULT_CO2_KG_PER_KWH = 0.45;

export function loadAnalyticsConfig(env: Env): AnalyticsConfig {
  const raw = env.ANALYTICS_CO2_KG_PER_KWH?.trim();
  const co2KgPerKwh = raw ? Number(raw) : DEFAULT_CO2_KG_PER_KWH;
  if (!Number.isFinite(co2KgPerKwh) || co2KgPerKwh < 0 || co2KgPerKwh > 5) {
    throw new ConfigError('ANALYTICS_CO2_KG_PER_KWH', `must be a number of kg per kWh from 0 to 5 (got "${raw}")`);
  }
  const spot = loadSpotConfig(env);
  return { co2KgPerKwh, spotArea: spot.area, eurCzk: spot.eurCzk };
}
