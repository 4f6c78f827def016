// The console's view of the device metrics: the contract's unit and a translation key (namespace 'common').
import { METRIC_UNITS, type MetricKey, type MetricUnit } from '@helio/contracts/device';

export type { MetricKey };

/** Units the console shows: the contract's, and amperes of the chargers' currents. */
export type DisplayUnit = MetricUnit | 'A';

export interface MetricInfo {
  unit: DisplayUnit;
  /** usable with any namespace: t(METRICS.BatSoc.labelKey) */
  labelKey: string;
  /** what a value without a unit is: a count (phases), a state (texts with labels), a flag (yes/no) */
  kind?: 'count' | 'state' | 'flag';
}

/** Units from the contract's catalogue; labels from the 'common' namespace. */
export const METRICS = Object.fromEntries(
  (Object.keys(METRIC_UNITS) as MetricKey[]).map((key) => [key, { unit: METRIC_UNITS[key], labelKey: `common:metrics.${key}` }]),
) as Record<MetricKey, MetricInfo>;

const info = (unit: DisplayUnit, key: string, kind?: MetricInfo['kind']): MetricInfo => ({
  unit,
  labelKey: `common:metrics.${key}`,
  ...(kind ? { kind } : {}),
});

/**
 * The other keys gateways and chargers report (writable settings, states, the chargers' figures): they
 * appear in /logs, the device pages and the remote-control history, so each has a label and a unit too.
 */
export const REPORTED_KEYS: Readonly<Record<string, MetricInfo>> = {
  OperMode: info('', 'OperMode', 'state'),
  BatSocMin: info('%', 'BatSocMin'),
  BatChargeMax: info('W', 'BatChargeMax'),
  BatDischargeMax: info('W', 'BatDischargeMax'),
  ForceCharge: info('', 'ForceCharge', 'state'),
  InverterState: info('', 'InverterState', 'state'),
  GridStatus: info('', 'GridStatus', 'state'),
  EvConnected: info('', 'EvConnected', 'flag'),
  EvMode: info('', 'EvMode', 'state'),
  EvMinCurrent: info('A', 'EvMinCurrent'),
  EvMaxCurrent: info('A', 'EvMaxCurrent'),
  EvPhases: info('', 'EvPhases', 'count'),
  EvCurrent: info('A', 'EvCurrent'),
  EvActivePhases: info('', 'EvActivePhases', 'count'),
  EvSessionKwh: info('kWh', 'EvSessionKwh'),
  EvCarSoc: info('%', 'EvCarSoc'),
  EvCarKwh: info('kWh', 'EvCarKwh'),
  EvCarLimit: info('%', 'EvCarLimit'),
  EvCurrentL1: info('A', 'EvCurrentL1'),
  EvCurrentL2: info('A', 'EvCurrentL2'),
  EvCurrentL3: info('A', 'EvCurrentL3'),
  EvCurrentOffered: info('A', 'EvCurrentOffered'),
  EvStatus: info('', 'EvStatus', 'state'),
  EvOnline: info('', 'EvOnline', 'flag'),
};

/** The catalogue entry of a stored metric key, or undefined for a key the catalogue does not know. */
export function metricInfo(key: string): MetricInfo | undefined {
  if (Object.prototype.hasOwnProperty.call(METRICS, key) && METRICS[key as MetricKey].unit !== '') return METRICS[key as MetricKey];
  if (Object.prototype.hasOwnProperty.call(REPORTED_KEYS, key)) return REPORTED_KEYS[key];
  return Object.prototype.hasOwnProperty.call(METRICS, key) ? METRICS[key as MetricKey] : undefined;
}
