// The one catalogue of device metrics (DESIGN §6): unit and translation key (namespace 'common').
export type MetricKey = 'ActPwrPve' | 'ActPwrGrid' | 'ActPwrBat' | 'BatSoc' | 'ActPwrLoad' | 'ActPwrEv' | 'OperMode';

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
};
