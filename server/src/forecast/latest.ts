// latestForecast(db, plantId): the plant's most recent forecast as issued, for other server modules
// (EV charge plans, remote-control schedules) to plan with. It checks no access: call it for a plant
// the caller has already found through plants/access.ts.
//
//   const forecast = await latestForecast(db, plant.id);
//   if (forecast) for (const step of forecast.steps) { step.start; step.pvW; step.surplusW; step.surplusP10W; … }
//
// Steps are 15 minutes from the issue hour (`slot`) for 48 hours; powers in W; surplus = PV − load
// (negative: the house needs the grid); p10/p90 are the 10 % / 90 % bands (surplus p10 pairs low PV
// with high load). `issuedAt` says how fresh it is: forecasts are issued every hour, so one much older
// means issuing has stopped. undefined: nothing issued for the plant yet.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { STEP_MS } from './model/series';
import { latestStored, type StoredForecast } from './store';

export interface ForecastStep {
  /** Epoch ms at which the 15-minute step begins. */
  start: number;
  pvW: number;
  pvP10W: number;
  pvP90W: number;
  loadW: number;
  loadP10W: number;
  loadP90W: number;
  surplusW: number;
  surplusP10W: number;
  surplusP90W: number;
}

export interface LatestForecast {
  plantId: string;
  /** Epoch ms of the hour it was issued for (its first step). */
  slot: number;
  issuedAt: string;
  source: 'weather' | 'offline';
  weatherFailure: StoredForecast['weatherFailure'];
  bandsFrom: 'errors' | 'history';
  performanceFactor: number;
  stepMs: number;
  steps: ForecastStep[];
}

export function stepsOf(stored: StoredForecast): ForecastStep[] {
  const s = stored.series;
  return s.pv.map((pvW, i) => ({
    start: stored.slot + i * STEP_MS,
    pvW,
    pvP10W: s.pvP10[i],
    pvP90W: s.pvP90[i],
    loadW: s.load[i],
    loadP10W: s.loadP10[i],
    loadP90W: s.loadP90[i],
    surplusW: pvW - s.load[i],
    surplusP10W: s.pvP10[i] - s.loadP90[i],
    surplusP90W: s.pvP90[i] - s.loadP10[i],
  }));
}

export async function latestForecast(db: Kysely<Database>, plantId: string): Promise<LatestForecast | undefined> {
  const stored = await latestStored(db, plantId);
  if (!stored) return undefined;
  const { series: _series, reconstructed: _reconstructed, ...meta } = stored;
  return { ...meta, stepMs: STEP_MS, steps: stepsOf(stored) };
}
