// One plant's forecast for the 48 hours from an issue slot: PV from the clear sky, the learned
// performance factor and a cloud factor (the weather service's irradiance or cloud cover when there
// is one, else the offline clear-sky index); load from similar days; p10/p90 bands from the plant's
// past errors, or from the spread of its recent days until it has some.
import { FORECAST_POINTS } from '@helio/contracts';
import { clearSkyAt, poaForGhi, type ClearSkyPoint, type SolarSite } from '../../solar/site-irradiance';
import { bandAt, errorBands, type PastForecast } from './bands';
import { learnLoad } from './load-model';
import { hourlyClearPoa, learnPv } from './pv-model';
import { HOUR_MS, STEP_MS, type ForecastSeries, type PlantClock, type PlantHistory } from './series';
import { clamp } from './stats';

/** What a weather service says of an hour (keyed by the hour's start): mean GHI (W/m²) and/or cloud cover (%). */
export interface WeatherHour {
  ghi?: number;
  cloudCoverPct?: number;
}
export type WeatherHours = ReadonlyMap<number, WeatherHour>;

export interface PlantForecastInput {
  site: SolarSite;
  peakW: number;
  clock: PlantClock;
  history: PlantHistory;
  slot: number;
  weather?: WeatherHours;
  past?: readonly PastForecast[];
}

export interface PlantForecastResult {
  series: ForecastSeries;
  source: 'weather' | 'offline';
  bandsFrom: 'errors' | 'history';
  performanceFactor: number;
}

/** GHI under a cloud cover (Kasten and Czeplak 1980). */
export const ghiUnderCloud = (clearGhi: number, cloudCoverPct: number): number =>
  clearGhi * (1 - 0.75 * Math.pow(clamp(cloudCoverPct, 0, 100) / 100, 3.4));

function weatherFactor(
  weather: WeatherHours,
  site: SolarSite,
  point: ClearSkyPoint,
  ts: number,
  hourClearGhi: (hour: number) => number,
): number | undefined {
  const hour = ts - (((ts % HOUR_MS) + HOUR_MS) % HOUR_MS);
  const said = weather.get(hour);
  if (!said || point.poa <= 0) return said ? 0 : undefined;
  let ghi: number;
  if (said.ghi !== undefined) {
    const clearMean = hourClearGhi(hour);
    ghi = clearMean > 0 ? point.horizontal.ghi * clamp(said.ghi / clearMean, 0, 1.3) : 0;
  } else if (said.cloudCoverPct !== undefined) ghi = ghiUnderCloud(point.horizontal.ghi, said.cloudCoverPct);
  else return undefined;
  return poaForGhi(point, site, ghi) / point.poa;
}

export function forecastPlant(input: PlantForecastInput): PlantForecastResult {
  const { site, peakW, clock, history, slot } = input;
  const clearPoa = hourlyClearPoa(site);
  const pvModel = learnPv(history.pv, peakW, clock, slot, clearPoa);
  const loadModel = learnLoad(history.load, clock, slot);
  const bands = input.past && input.past.length > 0 ? errorBands(input.past, history.pv, peakW) : undefined;
  const clearGhiKept = new Map<number, number>();
  const hourClearGhi = (hour: number) => {
    let ghi = clearGhiKept.get(hour);
    if (ghi === undefined) {
      ghi = 0;
      for (let i = 0; i < 4; i++) ghi += clearSkyAt(site, hour + (i + 0.5) * (HOUR_MS / 4)).horizontal.ghi / 4;
      clearGhiKept.set(hour, ghi);
    }
    return ghi;
  };

  const series: ForecastSeries = { clear: [], pv: [], pvP10: [], pvP90: [], load: [], loadP10: [], loadP90: [] };
  let usedWeather = false;
  const scale = (pvModel.performanceFactor * peakW) / 1000;
  for (let i = 0; i < FORECAST_POINTS; i++) {
    const start = slot + i * STEP_MS;
    const mid = start + STEP_MS / 2;
    const point = clearSkyAt(site, mid);
    const clear = scale * point.poa;
    const fromWeather = input.weather ? weatherFactor(input.weather, site, point, mid, hourClearGhi) : undefined;
    if (fromWeather !== undefined) usedWeather = true;
    const factor = fromWeather ?? pvModel.clearness(mid);
    const pv = clear * factor;
    const band = bands ? bandAt(bands, (start - slot) / HOUR_MS) : undefined;
    const [low, high] = band ? [pv + band[0] * clear, pv + band[1] * clear] : pvModel.clearnessBand(mid).map((k) => k * clear);
    const load = loadModel(start - (start % HOUR_MS));
    series.clear.push(Math.round(clear));
    series.pv.push(Math.round(pv));
    series.pvP10.push(Math.round(clamp(Math.min(low, pv), 0, pv)));
    series.pvP90.push(Math.round(Math.max(high, pv, 0)));
    series.load.push(Math.round(load.w));
    series.loadP10.push(Math.round(Math.min(load.p10, load.w)));
    series.loadP90.push(Math.round(Math.max(load.p90, load.w)));
  }
  return {
    series,
    source: usedWeather ? 'weather' : 'offline',
    bandsFrom: bands ? 'errors' : 'history',
    performanceFactor: pvModel.performanceFactor,
  };
}
