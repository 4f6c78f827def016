// The EV test message (topics.ts simEvTopic): plug a car in or out and pin the sun and the house load.
import type { ChargerTiming } from './charger-control';
import type { EvCar } from './ev-charger';

export interface SimEvCommand {
  /** undefined: leave the car as it is; null: unplug. */
  car?: EvCar | null;
  sunW?: number | null;
  loadW?: number | null;
  /** The controller's delays, shortened for journeys that cannot wait evcc's minutes. */
  timing?: ChargerTiming;
}

const isWatts = (v: unknown): v is number | null =>
  v === null || (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 10_000_000);

const isDelay = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 3_600_000;

function parseTiming(v: unknown): ChargerTiming | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const { startHoldMs, stopDelayMs, phaseSwitchDelayMs, ...rest } = v as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || !isDelay(startHoldMs) || !isDelay(stopDelayMs) || !isDelay(phaseSwitchDelayMs)) return undefined;
  return { startHoldMs, stopDelayMs, phaseSwitchDelayMs };
}

function parseCar(v: unknown): EvCar | null | undefined {
  if (v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) return undefined;
  const { batteryKwh, socPct, limitPct = 100, ...rest } = v as Record<string, unknown>;
  const pct = (x: unknown): x is number => typeof x === 'number' && x >= 0 && x <= 100;
  if (
    Object.keys(rest).length > 0 ||
    typeof batteryKwh !== 'number' ||
    !(batteryKwh > 0 && batteryKwh <= 500) ||
    !pct(socPct) ||
    !pct(limitPct)
  )
    return undefined;
  return { batteryKwh, socPct, limitPct };
}

/** The command of a message, or undefined when it is not one (unknown keys, wrong types). */
export function parseSimEv(payload: Buffer | string): SimEvCommand | undefined {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString());
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { car, sunW, loadW, timing, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return undefined;
  const command: SimEvCommand = {};
  if (car !== undefined) {
    const parsed = parseCar(car);
    if (parsed === undefined) return undefined;
    command.car = parsed;
  }
  if (sunW !== undefined) {
    if (!isWatts(sunW)) return undefined;
    command.sunW = sunW;
  }
  if (loadW !== undefined) {
    if (!isWatts(loadW)) return undefined;
    command.loadW = loadW;
  }
  if (timing !== undefined) {
    const parsed = parseTiming(timing);
    if (!parsed) return undefined;
    command.timing = parsed;
  }
  return command;
}
