// A metric's value and name as the interface shows them: catalogue label and unit, locale numbers.
import type { TFunction } from 'i18next';
import { formatPowerIn, formatQuantityIn, type Locale } from '../i18n/locale-format';
import { metricInfo } from './metrics';

export function metricLabel(t: TFunction, metricKey: string): string {
  const info = metricInfo(metricKey);
  return info ? t(info.labelKey) : metricKey;
}

export function metricUnit(metricKey: string, serverUnit?: string | null): string {
  return metricInfo(metricKey)?.unit || serverUnit || '';
}

/** The unit column's text: the unit, or for a unitless value what it is (a count, a state, yes/no). */
export function metricUnitText(t: TFunction, metricKey: string, serverUnit?: string | null): string {
  const unit = metricUnit(metricKey, serverUnit);
  if (unit) return unit;
  const kind = metricInfo(metricKey)?.kind;
  return kind ? t(`common:metricKinds.${kind}`) : '';
}

/**
 * A reported value as the interface shows it: a number with its unit (in the interface's locale, via
 * `formatNumber`), a flag as yes/no, a state by its label (OperMode 'self-consumption' → "Vlastní
 * spotřeba"); an unknown state is shown as reported.
 */
export function metricValueTextIn(
  locale: Locale,
  t: TFunction,
  metricKey: string,
  value: number | string | boolean | null | undefined,
  serverUnit?: string | null,
): string {
  if (value === null || value === undefined) return t('common:metricValues.notReported');
  if (typeof value === 'number') return formatMetricValueIn(locale, metricKey, value, serverUnit);
  if (typeof value === 'boolean') return t(value ? 'common:metricValues.yes' : 'common:metricValues.no');
  return t(`common:metricValues.${metricKey}.${value}`, { defaultValue: value });
}

/** In the given locale; apps use formatMetricValue (the interface's language). */
export function formatMetricValueIn(locale: Locale, metricKey: string, value: number, serverUnit?: string | null): string {
  const unit = metricUnit(metricKey, serverUnit);
  if (unit === 'W') return formatPowerIn(locale, value);
  return formatQuantityIn(locale, value, unit, { maximumFractionDigits: unit === 'kWh' ? 3 : 1 });
}
