// Whether each alert condition holds for a plant right now, from its shadow and recent PV samples.
// Pure. A verdict is 'on', 'off', or 'unknown' (keep whatever is open or closed: stale data, a value
// inside the hysteresis band, too few samples to judge).
import type { ConditionAlertKind } from '@helio/contracts';
import type { AlertDetails } from '@helio/contracts';
import { clearSkyPvW } from './clear-sky';
import type { Thresholds } from './thresholds';

export const GATEWAY_OFFLINE_MS = 5 * 60_000;
/** A battery-low alert clears only this many points above its threshold, so a hovering SoC does not flap. */
export const SOC_HYSTERESIS_PCT = 2;
/** PV is judged over this window, and only when the sun should give at least PV_JUDGE_MIN_SHARE of peak. */
export const PV_WINDOW_MS = 15 * 60_000;
export const PV_MIN_SAMPLES = 3;
export const PV_MIN_SPAN_MS = 10 * 60_000;
export const PV_JUDGE_MIN_SHARE = 0.2;
/** Grid voltage (V) under which the grid counts as lost. */
export const GRID_LOST_VOLTAGE = 100;

/**
 * Telemetry keys the gateways use for faults and the grid. Inverter: InverterFault (true or a non-zero
 * fault code) or InverterState 'fault' / 'error', with InverterEvents naming the events where known. Grid: GridConnected false, GridStatus 'outage' /
 * 'down' / 'offline' / 'lost', or GridVoltage under GRID_LOST_VOLTAGE.
 */
const FAULT_STATES = ['fault', 'error'];
const GRID_DOWN_STATES = ['outage', 'down', 'offline', 'lost'];

export type Verdict = { state: 'on'; details: AlertDetails } | { state: 'off' } | { state: 'unknown' };

export interface PlantSnapshot {
  /**
   * Epoch ms from which silence counts: the later of the plant being added and the engine starting,
   * so a server that was down itself does not blame every gateway when it comes back.
   */
  watchedSince: number;
  latitude: number;
  longitude: number;
  pvPeakKw: number;
  reported: Record<string, unknown>;
  /** Epoch ms of the newest reported value, null when the gateway never reported. */
  lastReportAt: number | null;
  /** ActPwrPve samples (epoch ms, W) of the last PV_WINDOW_MS, any order. */
  pvSamples: ReadonlyArray<{ ts: number; value: number }>;
}

const ON = (details: AlertDetails): Verdict => ({ state: 'on', details });
const OFF: Verdict = { state: 'off' };
const UNKNOWN: Verdict = { state: 'unknown' };

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const lower = (value: unknown): string | undefined => (typeof value === 'string' ? value.trim().toLowerCase() : undefined);

export function gatewayOffline(plant: PlantSnapshot, now: number): Verdict {
  const lastSeen = Math.max(plant.lastReportAt ?? Number.NEGATIVE_INFINITY, plant.watchedSince);
  return now - lastSeen > GATEWAY_OFFLINE_MS ? ON({ lastReportAt: plant.lastReportAt }) : OFF;
}

/** Longest InverterEvents text an alert keeps. */
const MAX_EVENTS_LENGTH = 200;

export function inverterFault(reported: Record<string, unknown>): Verdict {
  const fault = reported.InverterFault;
  const state = lower(reported.InverterState);
  // The Helio gateway names a SunSpec inverter's events (Evt1), e.g. "GROUND_FAULT, OVER_TEMP".
  const events = typeof reported.InverterEvents === 'string' ? reported.InverterEvents.trim().slice(0, MAX_EVENTS_LENGTH) : '';
  const named: AlertDetails = events ? { events } : {};
  if (fault === true || (num(fault) ?? 0) !== 0) return ON({ faultCode: num(fault) ?? null, state: state ?? null, ...named });
  if (state !== undefined && FAULT_STATES.includes(state)) return ON({ faultCode: null, state, ...named });
  return OFF;
}

/**
 * One minimum charge: the battery stops discharging at its own floor (BatSocMin, the setting /rc and
 * the plant's settings write), so a charge resting there is by design, not an alarm. The alert opens
 * under the threshold or under the floor, whichever is lower (a threshold of 20 % above a 10 % floor
 * would open every night), and names the floor it judged by.
 */
export function batteryLow(reported: Record<string, unknown>, thresholds: Thresholds): Verdict {
  const soc = num(reported.BatSoc);
  if (soc === undefined) return OFF;
  const floor = num(reported.BatSocMin);
  const threshold = floor === undefined ? thresholds.batterySocMin : Math.min(thresholds.batterySocMin, floor);
  if (soc < threshold) return ON(floor === undefined ? { soc, threshold } : { soc, threshold, floor });
  return soc >= threshold + SOC_HYSTERESIS_PCT ? OFF : UNKNOWN;
}

export function gridOutage(reported: Record<string, unknown>): Verdict {
  const status = lower(reported.GridStatus);
  const voltage = num(reported.GridVoltage);
  if (reported.GridConnected === false || (status !== undefined && GRID_DOWN_STATES.includes(status))) {
    return ON({ status: status ?? null, voltage: voltage ?? null });
  }
  if (voltage !== undefined && voltage < GRID_LOST_VOLTAGE) return ON({ status: status ?? null, voltage });
  return OFF;
}

/** The PV the clear-sky estimate expects of the plant now (W), or undefined when there is none to judge by (no PV, the sun too low). */
export function pvExpectedNow(plant: Pick<PlantSnapshot, 'latitude' | 'longitude' | 'pvPeakKw'>, now: number): number | undefined {
  const peakW = plant.pvPeakKw * 1000;
  const expectedNow = clearSkyPvW(new Date(now), plant.latitude, plant.longitude, plant.pvPeakKw);
  // With the sun low the estimate says too little to judge by; the condition is gone until it rises.
  return peakW <= 0 || expectedNow < PV_JUDGE_MIN_SHARE * peakW ? undefined : expectedNow;
}

/** Whether a PV sample lies below the plant's threshold share of the clear-sky estimate at its time. */
export function pvBelowThreshold(
  plant: Pick<PlantSnapshot, 'latitude' | 'longitude' | 'pvPeakKw'>,
  thresholds: Thresholds,
  sample: { ts: number; value: number },
): boolean {
  return sample.value < (thresholds.pvMinPercent / 100) * clearSkyPvW(new Date(sample.ts), plant.latitude, plant.longitude, plant.pvPeakKw);
}

/**
 * On when every PV sample of the window lies below the threshold and they span it; off when the latest
 * does not (so the latest alone decides that: the engine reads the rest only when it is low).
 */
export function pvLow(plant: PlantSnapshot, thresholds: Thresholds, now: number): Verdict {
  const expectedNow = pvExpectedNow(plant, now);
  if (expectedNow === undefined) return OFF;
  const samples = plant.pvSamples.filter((s) => s.ts > now - PV_WINDOW_MS && s.ts <= now).sort((a, b) => a.ts - b.ts);
  const latest = samples.at(-1);
  if (!latest) return UNKNOWN;
  if (!pvBelowThreshold(plant, thresholds, latest)) return OFF;
  const spansWindow = samples.length >= PV_MIN_SAMPLES && latest.ts - (samples[0]?.ts ?? latest.ts) >= PV_MIN_SPAN_MS;
  if (spansWindow && samples.every((s) => pvBelowThreshold(plant, thresholds, s))) {
    return ON({ actualW: Math.round(latest.value), expectedW: Math.round(expectedNow), threshold: thresholds.pvMinPercent });
  }
  return UNKNOWN;
}

/** Every condition of one plant. While the gateway is offline its last values are stale: only that one is judged. */
export function evaluatePlant(plant: PlantSnapshot, thresholds: Thresholds, now: number): Record<ConditionAlertKind, Verdict> {
  const offline = gatewayOffline(plant, now);
  if (offline.state === 'on') {
    return { gatewayOffline: offline, inverterFault: UNKNOWN, batteryLow: UNKNOWN, gridOutage: UNKNOWN, pvLow: UNKNOWN };
  }
  return {
    gatewayOffline: offline,
    inverterFault: inverterFault(plant.reported),
    batteryLow: batteryLow(plant.reported, thresholds),
    gridOutage: gridOutage(plant.reported),
    pvLow: pvLow(plant, thresholds, now),
  };
}

interface MetadataTree {
  [key: string]: { timestamp: number } | MetadataTree;
}

/**
 * The newest per-key timestamp in a shadow's metadata.reported tree, or null when it has none. Every
 * stored report walks its gateway's tree: `for…in` over the parsed JSON's own keys, not
 * Object.entries, which built an array a node (2 % of a replica's time in the cluster bench's profile).
 */
export function newestTimestamp(tree: unknown): number | null {
  if (typeof tree !== 'object' || tree === null) return null;
  let newest: number | null = null;
  const node = tree as MetadataTree;
  for (const key in node) {
    const value = node[key];
    const candidate = key === 'timestamp' && typeof value === 'number' ? value : newestTimestamp(value);
    if (candidate !== null && (newest === null || candidate > newest)) newest = candidate;
  }
  return newest;
}
