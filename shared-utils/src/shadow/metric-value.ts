// A metric's value and name as the interface shows them: catalogue label and unit, locale numbers.
import { formatNumber, formatPower, metricInfo } from '@helio/shared-utils';
import type { TFunction } from 'i18next';

export function metricLabel(t: TFunction, metricKey: string): string {
  const info = metricInfo(metricKey);
  return info ? t(info.labelKey) : metricKey;
}

export function metricUnit(metricKey: string, serverUnit?: string | null): string {
  return metricInfo(metricKey)?.unit || serverUnit || '';
}

export function formatMetricValue(metricKey: string, value: number, serverUnit?: string | null): string {
  const unit = metricUnit(metricKey, serverUnit);
  if (unit === 'W') return formatPower(value);
  const number = formatNumber(value, { maximumFractionDigits: unit === 'kWh' ? 3 : 1 });
  return unit ? `${number}\u00a0${unit}` : number;
}
