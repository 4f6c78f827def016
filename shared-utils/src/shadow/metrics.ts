// The one catalogue of device metrics: unit and translation key (namespace 'common').
export type MetricKey =
  | 'ActPwrPve'
  | 'ActPwrGrid'
  | 'ActPwrBat'
  | 'BatSoc'
  | 'ActPwrLoad'
  | 'ActPwrEv'
  | 'OperMode'
  | 'ExportLimit'
  | 'EnergyPveTotal'
  | 'EnergyGridImportTotal'
  | 'EnergyGridExportTotal'
  | 'EnergyBatChargeTotal'
  | 'EnergyBatDischargeTotal'
  | 'EnergyLoadTotal'
  | 'EnergyEvTotal';

export interface MetricInfo {
  unit: 'W' | 'kWh' | '%' | '';
  /** usable with any namespace: t(METRICS.BatSoc.labelKey) */
  labelKey: string;
}

export const METRICS: Record<MetricKey, MetricInfo> = {
  ActPwrPve: { unit: 'W', labelKey: 'common:metrics.ActPwrPve' },
  /** import from the grid > 0, export < 0 */
  ActPwrGrid: { unit: 'W', labelKey: 'common:metrics.ActPwrGrid' },
  /** discharge > 0, charge < 0 */
  ActPwrBat: { unit: 'W', labelKey: 'common:metrics.ActPwrBat' },
  BatSoc: { unit: '%', labelKey: 'common:metrics.BatSoc' },
  ActPwrLoad: { unit: 'W', labelKey: 'common:metrics.ActPwrLoad' },
  ActPwrEv: { unit: 'W', labelKey: 'common:metrics.ActPwrEv' },
  OperMode: { unit: '', labelKey: 'common:metrics.OperMode' },
  ExportLimit: { unit: 'W', labelKey: 'common:metrics.ExportLimit' },
  // Energy counters: monotonic totals since the meter was installed.
  EnergyPveTotal: { unit: 'kWh', labelKey: 'common:metrics.EnergyPveTotal' },
  EnergyGridImportTotal: { unit: 'kWh', labelKey: 'common:metrics.EnergyGridImportTotal' },
  EnergyGridExportTotal: { unit: 'kWh', labelKey: 'common:metrics.EnergyGridExportTotal' },
  EnergyBatChargeTotal: { unit: 'kWh', labelKey: 'common:metrics.EnergyBatChargeTotal' },
  EnergyBatDischargeTotal: { unit: 'kWh', labelKey: 'common:metrics.EnergyBatDischargeTotal' },
  EnergyLoadTotal: { unit: 'kWh', labelKey: 'common:metrics.EnergyLoadTotal' },
  EnergyEvTotal: { unit: 'kWh', labelKey: 'common:metrics.EnergyEvTotal' },
};

/** The catalogue entry of a stored metric key, or undefined for a key the catalogue does not know. */
export function metricInfo(key: string): MetricInfo | undefined {
  return Object.prototype.hasOwnProperty.call(METRICS, key) ? METRICS[key as MetricKey] : undefined;
}
