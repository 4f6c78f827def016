// A metric's value and name as the interface shows them: catalogue label and unit, locale numbers.
import type { TFunction } from 'i18next';
import { formatNumberIn, formatPowerIn, type Locale } from '../i18n/locale-format';
import { metricInfo } from './metrics';

export function metricLabel(t: TFunction, metricKey: string): string {
  const info = metricInfo(metricKey);
  return info ? t(info.labelKey) : metricKey;
}

export function metricUnit(metricKey: string, serverUnit?: string | null): string {
  return metricInfo(metricKey)?.unit || serverUnit || '';
}

/** In the given locale; apps use formatMetricValue (the interface's language). */
export function formatMetricValueIn(locale: Locale, metricKey: string, value: number, serverUnit?: string | null): string {
  const unit = metricUnit(metricKey, serverUnit);
  if (unit === 'W') return formatPowerIn(locale, value);
  const number = formatNumberIn(locale, value, { maximumFractionDigits: unit === 'kWh' ? 3 : 1 });
  return unit ? `${number}\u00a0${unit}` : number;
}
