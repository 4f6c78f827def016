import {
  CHARGER_KEYS,
  CHARGER_WRITABLE_KEYS,
  checkWritableValue,
  isChargerWritableKey,
  type EvMode,
  type EvPhases,
  type ForceChargeSetting,
  type OperMode,
} from '@helio/contracts';
import { DEFAULT_CHARGER_SETTINGS, type ChargerSettings } from './charger-control';
import type { PlantReading, PlantResume, PlantState, SimPlantConfig } from './plant';

/** The gateway's reported metric keys (W unless stated), named as the devices name them. */
// The keys and report values are the contract's device protocol.
export { GRID_STATUSES, INVERTER_STATES, isOperMode, METRIC_KEYS } from '@helio/contracts';
import { GRID_STATUSES, INVERTER_STATES, isOperMode, METRIC_KEYS } from '@helio/contracts';

export type ReportedValue = number | string | boolean | ForceChargeSetting | number[][];
export type ReportedState = Record<string, ReportedValue>;

const kwh = (value: number) => Math.round(value * 1000) / 1000;

/** The reported state a gateway publishes after a step. Plants without battery or charger omit those keys. */
export function toReported(config: SimPlantConfig, state: PlantState, reading: PlantReading): ReportedState {
  const k = METRIC_KEYS;
  const reported: ReportedState = {
    [k.pvPower]: reading.pvW,
    [k.gridPower]: reading.gridW,
    [k.loadPower]: reading.loadW,
    [k.operMode]: state.operMode,
    [k.exportLimit]: state.exportLimitW,
    [k.pvEnergy]: kwh(state.counters.pvKwh),
    [k.gridImportEnergy]: kwh(state.counters.gridImportKwh),
    [k.gridExportEnergy]: kwh(state.counters.gridExportKwh),
    [k.loadEnergy]: kwh(state.counters.loadKwh),
    [k.inverterState]: state.faults.inverterFault ? INVERTER_STATES.fault : INVERTER_STATES.running,
    [k.gridStatus]: state.faults.gridOutage ? GRID_STATUSES.outage : GRID_STATUSES.connected,
  };
  if (config.batteryKwh) {
    reported[k.batteryPower] = reading.batteryW;
    reported[k.batterySoc] = Math.round(state.socPct * 10) / 10;
    reported[k.batteryChargeEnergy] = kwh(state.counters.batChargeKwh);
    reported[k.batteryDischargeEnergy] = kwh(state.counters.batDischargeKwh);
    reported[k.batterySocMin] = state.battery.socMinPct;
    reported[k.batteryChargeMax] = state.battery.chargeMaxW;
    reported[k.batteryDischargeMax] = state.battery.dischargeMaxW;
    reported[k.forceCharge] = state.battery.forceCharge;
  }
  if (config.chargerKw) {
    reported[k.evPower] = reading.evW;
    reported[k.evConnected] = state.externalEv ? state.externalEv.connected : state.ev.session !== null;
    reported[k.evEnergy] = kwh(state.counters.evKwh);
    Object.assign(reported, chargerReported(state));
  }
  return reported;
}

/** What a gateway can continue from, read back from a previously reported state (unknown values ignored). */
export function resumeFromReported(reported: Record<string, unknown>): Partial<PlantResume> {
  const k = METRIC_KEYS;
  const resume: Partial<PlantResume> = {};
  const num = (key: string) => {
    const value = reported[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  };
  const put = <K extends keyof PlantResume>(field: K, value: PlantResume[K] | undefined) => {
    if (value !== undefined) resume[field] = value;
  };
  put('socPct', num(k.batterySoc));
  put('exportLimitW', num(k.exportLimit));
  put('operMode', isOperMode(reported[k.operMode]) ? (reported[k.operMode] as OperMode) : undefined);
  const battery: PlantResume['battery'] = {};
  const socMin = num(k.batterySocMin);
  const chargeMax = num(k.batteryChargeMax);
  const dischargeMax = num(k.batteryDischargeMax);
  if (socMin !== undefined) battery.socMinPct = socMin;
  if (chargeMax !== undefined) battery.chargeMaxW = chargeMax;
  if (dischargeMax !== undefined) battery.dischargeMaxW = dischargeMax;
  if (Object.keys(battery).length > 0) resume.battery = battery;
  put('pvKwh', num(k.pvEnergy));
  put('gridImportKwh', num(k.gridImportEnergy));
  put('gridExportKwh', num(k.gridExportEnergy));
  put('batChargeKwh', num(k.batteryChargeEnergy));
  put('batDischargeKwh', num(k.batteryDischargeEnergy));
  put('loadKwh', num(k.loadEnergy));
  put('evKwh', num(k.evEnergy));
  if (reported[CHARGER_KEYS.mode] !== undefined) put('evSettings', chargerSettingsFrom(reported, DEFAULT_CHARGER_SETTINGS));
  return resume;
}

/** The charger's settings (echoed so the desired state converges) and live values. */
function chargerReported(state: PlantState): ReportedState {
  const c = CHARGER_KEYS;
  const { settings, control, session } = state.ev;
  // OCPP charge points of their own: the plant's meter sees what they draw.
  const external = state.externalEv;
  const car = external ? external.car : (session?.car ?? null);
  const reported: ReportedState = {
    [c.mode]: settings.mode,
    [c.minCurrent]: settings.minA,
    [c.maxCurrent]: settings.maxA,
    [c.phases]: settings.phases,
    [c.planSlots]: settings.planSlots.map(([start, end]) => [start, end]),
    [c.current]: external ? external.currentA : control.currentA,
    [c.activePhases]: external ? external.phases : control.phases,
    [c.sessionEnergy]: kwh(external ? external.sessionKwh : (session?.deliveredKwh ?? 0)),
  };
  if (car) {
    reported[c.carSoc] = Math.round(car.socPct * 10) / 10;
    reported[c.carCapacity] = car.batteryKwh;
    reported[c.carLimit] = car.limitPct;
  }
  return reported;
}

/** Charger settings from a reported state or a delta: each valid key replaces the one in `base`. */
export function chargerSettingsFrom(values: Record<string, unknown>, base: ChargerSettings): ChargerSettings {
  const c = CHARGER_KEYS;
  // The charger's rules take no clock (only a plant's force charge does), so any `now` serves.
  const valid = (key: string) =>
    Object.prototype.hasOwnProperty.call(values, key) &&
    isChargerWritableKey(key) &&
    checkWritableValue(key, CHARGER_WRITABLE_KEYS[key], values[key], 0).ok;
  const settings = { ...base };
  if (valid(c.mode)) settings.mode = values[c.mode] as EvMode;
  if (valid(c.minCurrent)) settings.minA = values[c.minCurrent] as number;
  if (valid(c.maxCurrent)) settings.maxA = values[c.maxCurrent] as number;
  if (valid(c.phases)) settings.phases = values[c.phases] as EvPhases;
  if (valid(c.planSlots)) settings.planSlots = values[c.planSlots] as [number, number][];
  return settings;
}
