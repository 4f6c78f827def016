// The metric keys devices report, with their units: the one catalogue the server (series units), the
// simulator (what it reports) and the console (labels, units) read.
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

export type ReportedMetricKey = (typeof METRIC_KEYS)[keyof typeof METRIC_KEYS];

/** The inverter's and the grid's state as reported (texts, so they are no time series). */
export const INVERTER_STATES = { running: 'running', fault: 'fault' } as const;
export const GRID_STATUSES = { connected: 'connected', outage: 'outage' } as const;

export type MetricUnit = 'W' | 'kWh' | '%' | '';

/**
 * The metrics the console names, with their units. Power: ActPwrGrid import > 0, ActPwrBat discharge > 0.
 * Energy counters are monotonic totals since the meter was installed.
 */
export const METRIC_UNITS = {
  ActPwrPve: 'W',
  ActPwrGrid: 'W',
  ActPwrBat: 'W',
  BatSoc: '%',
  ActPwrLoad: 'W',
  ActPwrEv: 'W',
  OperMode: '',
  ExportLimit: 'W',
  EnergyPveTotal: 'kWh',
  EnergyGridImportTotal: 'kWh',
  EnergyGridExportTotal: 'kWh',
  EnergyBatChargeTotal: 'kWh',
  EnergyBatDischargeTotal: 'kWh',
  EnergyLoadTotal: 'kWh',
  EnergyEvTotal: 'kWh',
} as const satisfies Partial<Record<ReportedMetricKey, MetricUnit>>;

export type MetricKey = keyof typeof METRIC_UNITS;
