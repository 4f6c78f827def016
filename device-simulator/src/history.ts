// Advancing a plant over a span of simulated time in bounded steps, for the live gateway (whose
// steps grow with the time factor) and for writing history (one report per step).
import { initialPlantState, stepPlant, type PlantReading, type PlantState, type SimPlantConfig } from './model/plant';
import { toReported, type ReportedState } from './model/reported';
import { hashSeed, seededRandom, type Random } from './random';

/** The model's longest step: clouds, EV sessions and the battery's limits are stepped at least this often. */
export const MAX_STEP_MS = 5 * 60_000;

export interface PlantRun {
  config: SimPlantConfig;
  state: PlantState;
  rng: Random;
  seed: number;
}

/** A plant at its initial (or resumed) state, with randomness seeded from its config or thing name. */
export function newPlantRun(config: SimPlantConfig): PlantRun {
  const seed = config.seed ?? hashSeed(config.thingName);
  return { config, state: initialPlantState(config), rng: seededRandom(seed), seed };
}

/** Advances the run from `from` to `to` (epoch ms of simulated time); the reading is the last step's. */
export function advancePlant(run: PlantRun, from: number, to: number): PlantReading {
  let at = from;
  let reading: PlantReading | undefined;
  do {
    const next = Math.min(to, at + MAX_STEP_MS);
    const step = stepPlant(run.config, run.state, new Date(next), Math.max(0.001, (next - at) / 1000), run.rng, run.seed);
    run.state = step.state;
    reading = step.reading;
    at = next;
  } while (at < to);
  return reading;
}

export interface HistoryReport {
  ts: number;
  reported: ReportedState;
}

/**
 * The reports a gateway would have sent every `stepMs` from `from` (exclusive) up to `to`
 * (inclusive), computed without a clock: the run ends in the state at `to`.
 */
export function* plantHistory(run: PlantRun, from: number, to: number, stepMs = MAX_STEP_MS): Generator<HistoryReport> {
  for (let at = from; at + stepMs <= to; at += stepMs) {
    const reading = advancePlant(run, at, at + stepMs);
    yield { ts: at + stepMs, reported: toReported(run.config, run.state, reading) };
  }
}
