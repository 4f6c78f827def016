import type { Random } from '../random';
import { batteryPowerW, nextSocPct, SOC_MAX_PCT, SOC_MIN_PCT, type OperMode } from './battery';
import { dailyCloudTarget, stepCloudCover } from './clouds';
import { NO_FAULTS, type SimFaults } from './faults';
import type { ChargerSettings, ChargerTiming } from './charger-control';
import { afterCharging, evChargeW, initialEvState, stepEvSession, type EvState } from './ev-charger';
import { houseLoadW } from './house-load';
import { localTime } from './local-time';
import { batteryControlAt, defaultBatterySettings, type BatterySettings } from './settings';
import { clearSkyFactor, cloudTransmission } from './solar';

/** One simulated plant, as the server's `plants` table describes it. */
export interface SimPlantConfig {
  thingName: string;
  latitude: number;
  longitude: number;
  /** IANA zone for the house's daily rhythm; mean solar time from the longitude when absent. */
  timezone?: string | null;
  pvPeakKw: number;
  batteryKwh?: number | null;
  chargerKw?: number | null;
  /** Grid export limit, kW; 70 % of PV peak when absent (a common connection condition). */
  exportLimitKw?: number | null;
  /** Seed of the plant's randomness; derived from the thing name when absent. */
  seed?: number;
  /** Values to continue from (e.g. the last reported shadow), so counters never run backwards. */
  resume?: Partial<PlantResume>;
  /** The charger controller's delays; evcc's defaults when absent. */
  evTiming?: ChargerTiming;
}

export interface EnergyCounters {
  pvKwh: number;
  gridImportKwh: number;
  gridExportKwh: number;
  batChargeKwh: number;
  batDischargeKwh: number;
  loadKwh: number;
  evKwh: number;
}

export interface PlantResume extends EnergyCounters {
  socPct: number;
  operMode: OperMode;
  exportLimitW: number;
  battery: Partial<BatterySettings>;
  evSettings: ChargerSettings;
}

/**
 * The plant's chargers when they are OCPP charge points of their own (ocpp-charge-point.ts) rather
 * than the gateway's: what they draw together, as the plant's meter sees it. The gateway's EV model
 * then stands still and these figures take its place in the balance and the report.
 */
export interface ExternalEv {
  powerW: number;
  connected: boolean;
  /** Per-phase current of the charger that draws most, A, and its phases. */
  currentA: number;
  phases: 1 | 3;
  sessionKwh: number;
  car: { socPct: number; batteryKwh: number; limitPct: number } | null;
}

/** Sun and house load pinned by a test message (see simEvTopic); null: the model decides. */
export interface SimOverrides {
  sunW: number | null;
  loadW: number | null;
}

export const NO_OVERRIDES: SimOverrides = { sunW: null, loadW: null };

export interface PlantState {
  cloudCover: number;
  socPct: number;
  ev: EvState;
  operMode: OperMode;
  exportLimitW: number;
  /** The battery's user settings (minimum SoC, power caps, force charge). */
  battery: BatterySettings;
  counters: EnergyCounters;
  /** Injected faults (demos, tests); none in normal operation. */
  faults: SimFaults;
  overrides: SimOverrides;
  /** What the meter showed after the last step: the charger controls on measurements, like a real one. */
  lastReading: PlantReading | null;
  /** Set while the plant's chargers are OCPP charge points of their own. */
  externalEv?: ExternalEv | null;
}

/** Instantaneous powers of one step, integer W. Balance: pv + grid + battery = load + ev. */
export interface PlantReading {
  pvW: number;
  /** Import > 0, export < 0. */
  gridW: number;
  /** Discharge > 0, charge < 0. */
  batteryW: number;
  loadW: number;
  evW: number;
  /** PV power given up to respect the export limit, W. */
  curtailedW: number;
}

const ZERO_COUNTERS: EnergyCounters = {
  pvKwh: 0,
  gridImportKwh: 0,
  gridExportKwh: 0,
  batChargeKwh: 0,
  batDischargeKwh: 0,
  loadKwh: 0,
  evKwh: 0,
};

export function initialPlantState(config: SimPlantConfig): PlantState {
  const resume = config.resume ?? {};
  const counters = { ...ZERO_COUNTERS };
  for (const key of Object.keys(ZERO_COUNTERS) as (keyof EnergyCounters)[]) {
    const value = resume[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) counters[key] = value;
  }
  const soc = resume.socPct ?? 50;
  return {
    cloudCover: 0.3,
    socPct: Math.min(SOC_MAX_PCT, Math.max(SOC_MIN_PCT, soc)),
    ev: initialEvState(resume.evSettings),
    operMode: resume.operMode ?? 'self-consumption',
    exportLimitW: resume.exportLimitW ?? Math.round((config.exportLimitKw ?? config.pvPeakKw * 0.7) * 1000),
    battery: { ...defaultBatterySettings(config.batteryKwh ? { capacityKwh: config.batteryKwh } : null), ...resume.battery },
    counters,
    faults: NO_FAULTS,
    overrides: NO_OVERRIDES,
    lastReading: null,
  };
}

/** Advances the plant by `dtSeconds` ending at `at`; returns the new state and the step's powers. */
export function stepPlant(
  config: SimPlantConfig,
  state: PlantState,
  at: Date,
  dtSeconds: number,
  rng: Random,
  seed: number,
): { state: PlantState; reading: PlantReading } {
  const time = localTime(at, config.longitude, config.timezone ?? undefined);
  const cloudCover = stepCloudCover(state.cloudCover, dailyCloudTarget(seed, at), dtSeconds, rng);
  const modelPvW = Math.round(
    config.pvPeakKw * 1000 * clearSkyFactor(at, config.latitude, config.longitude) * cloudTransmission(cloudCover),
  );
  const modelLoadW = Math.round(houseLoadW(time, dtSeconds, rng));
  const pvAvailableW = state.overrides.sunW ?? modelPvW;
  const loadW = state.overrides.loadW ?? modelLoadW;

  let ev = state.ev;
  let evW = 0;
  if (state.externalEv) {
    evW = state.externalEv.powerW;
  } else if (config.chargerKw) {
    ev = stepEvSession(ev, time, at.getTime(), dtSeconds, rng);
    // Surplus as a charger sees it: export (an import counts negative) plus its own power, plus what
    // the home battery was taking (the car goes first, evcc's "vehicle priority").
    const last = state.lastReading;
    const surplusW = last ? Math.max(0, -last.gridW + last.evW + Math.max(0, -last.batteryW)) : 0;
    const charged = evChargeW(ev, { nowMs: at.getTime(), surplusW, ratedW: config.chargerKw * 1000, dtSeconds }, config.evTiming);
    evW = charged.powerW;
    ev = afterCharging(charged.state, evW, dtSeconds);
  }

  let batteryW = 0;
  let socPct = state.socPct;
  if (config.batteryKwh) {
    const spec = { capacityKwh: config.batteryKwh };
    const control = batteryControlAt(state.battery, at.getTime(), socPct);
    batteryW = batteryPowerW(state.operMode, spec, socPct, pvAvailableW - loadW - evW, dtSeconds, control);
    socPct = nextSocPct(spec, socPct, batteryW, dtSeconds);
  }

  // The grid takes whatever is left; above the export limit the inverter curtails PV instead.
  let pvW = pvAvailableW;
  let gridW = loadW + evW - pvW - batteryW;
  if (gridW < -state.exportLimitW) {
    pvW = Math.max(0, loadW + evW - batteryW + state.exportLimitW);
    gridW = loadW + evW - pvW - batteryW;
  }

  let reading: PlantReading = { pvW, gridW, batteryW, loadW, evW, curtailedW: pvAvailableW - pvW };
  if (state.faults.gridOutage) {
    // Without the grid a grid-tied inverter must disconnect (anti-islanding): nothing flows anywhere.
    reading = { pvW: 0, gridW: 0, batteryW: 0, loadW: 0, evW: 0, curtailedW: pvAvailableW };
    socPct = state.socPct;
    ev = state.ev;
  } else if (state.faults.inverterFault) {
    // A stopped inverter converts nothing: no PV, the battery behind it idle, the grid carries the house.
    reading = { pvW: 0, gridW: loadW + evW, batteryW: 0, loadW, evW, curtailedW: pvAvailableW };
    socPct = state.socPct;
  }
  return {
    state: { ...state, cloudCover, socPct, ev, counters: addEnergy(state.counters, reading, dtSeconds), lastReading: reading },
    reading,
  };
}

function addEnergy(c: EnergyCounters, r: PlantReading, dtSeconds: number): EnergyCounters {
  const kwh = (watts: number) => (watts * dtSeconds) / 3_600_000;
  return {
    pvKwh: c.pvKwh + kwh(r.pvW),
    gridImportKwh: c.gridImportKwh + kwh(Math.max(0, r.gridW)),
    gridExportKwh: c.gridExportKwh + kwh(Math.max(0, -r.gridW)),
    batChargeKwh: c.batChargeKwh + kwh(Math.max(0, -r.batteryW)),
    batDischargeKwh: c.batDischargeKwh + kwh(Math.max(0, r.batteryW)),
    loadKwh: c.loadKwh + kwh(r.loadW),
    evKwh: c.evKwh + kwh(r.evW),
  };
}
