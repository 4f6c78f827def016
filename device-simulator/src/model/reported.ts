import type { ForceChargeSetting } from '@helio/contracts';
import { OPER_MODES, type OperMode } from './battery';
import type { PlantReading, PlantResume, PlantState, SimPlantConfig } from './plant';

/** The gateway's reported metric keys (W unless stated), named as the devices name them. */
export const METRIC_KEYS = {
  pvPower: 'ActPwrPve',
  gridPower: 'ActPwrGrid',
  batteryPower: 'ActPwrBat',
  batterySoc: 'BatSoc',
  loadPower: 'ActPwrLoad',
  evPower: 'ActPwrEv',
  evConnected: 'EvConnected',
  operMode: 'OperMode',
  exportLimit: 'ExportLimit',
  batterySocMin: 'BatSocMin',
  batteryChargeMax: 'BatChargeMax',
  batteryDischargeMax: 'BatDischargeMax',
  forceCharge: 'ForceCharge',
  pvEnergy: 'EnergyPveTotal',
  gridImportEnergy: 'EnergyGridImportTotal',
  gridExportEnergy: 'EnergyGridExportTotal',
  batteryChargeEnergy: 'EnergyBatChargeTotal',
  batteryDischargeEnergy: 'EnergyBatDischargeTotal',
  loadEnergy: 'EnergyLoadTotal',
  evEnergy: 'EnergyEvTotal',
  inverterState: 'InverterState',
  gridStatus: 'GridStatus',
} as const;

/** The inverter's and the grid's state as reported (texts, so they are no time series). */
export const INVERTER_STATES = { running: 'running', fault: 'fault' } as const;
export const GRID_STATUSES = { connected: 'connected', outage: 'outage' } as const;

export type ReportedValue = number | string | boolean | ForceChargeSetting;
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
    reported[k.evConnected] = state.ev.session !== null;
    reported[k.evEnergy] = kwh(state.counters.evKwh);
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
  return resume;
}

export function isOperMode(value: unknown): value is OperMode {
  return typeof value === 'string' && (OPER_MODES as readonly string[]).includes(value);
}
