// The console's view of the device metrics: the contract's unit and a translation key (namespace 'common').
import { METRIC_UNITS, type MetricKey, type MetricUnit } from '@helio/contracts/device';

export type { MetricKey };

export interface MetricInfo {
  unit: MetricUnit;
  /** usable with any namespace: t(METRICS.BatSoc.labelKey) */
  labelKey: string;
}

/** Units from the contract's catalogue; labels from the 'common' namespace. */
export const METRICS = Object.fromEntries(
  (Object.keys(METRIC_UNITS) as MetricKey[]).map((key) => [key, { unit: METRIC_UNITS[key], labelKey: `common:metrics.${key}` }]),
) as Record<MetricKey, MetricInfo>;

/** The catalogue entry of a stored metric key, or undefined for a key the catalogue does not know. */
export function metricInfo(key: string): MetricInfo | undefined {
  return Object.prototype.hasOwnProperty.call(METRICS, key) ? METRICS[key as MetricKey] : undefined;
}
