// A setting's value as the page shows it: a number with its unit, an operating mode's name, a force
// charge's target and end, or "not reported".
import type { TFunction } from 'i18next';
import { formatDateTime, formatNumber, formatQuantity, formatRange } from '@helio/shared-utils';
import type { RcRule } from './control-draft';

export function formatValue(t: TFunction, rule: RcRule, value: unknown): string {
  if (value === undefined || value === null) return t('value.none');
  if (rule.kind === 'integer' && typeof value === 'number') return formatQuantity(value, rule.unit);
  if (rule.kind === 'choice' && typeof value === 'string') return t(`operMode.${value}`, { defaultValue: value });
  if (rule.kind === 'forceCharge') {
    if (value === 'off') return t('forceCharge.off');
    if (typeof value === 'object' && 'targetSoc' in value && 'until' in value) {
      const { targetSoc, until } = value as { targetSoc: number; until: string };
      return t('forceCharge.on', {
        target: formatNumber(targetSoc),
        until: formatDateTime(Date.parse(until), { dateStyle: 'short', timeStyle: 'short' }),
      });
    }
  }
  return JSON.stringify(value);
}

/** The key's limits as a short text: "0–100 000 W", "10–90 %". */
export function formatLimits(rule: RcRule): string | null {
  if (rule.kind === 'integer' && rule.min !== undefined && rule.max !== undefined) return formatRange(rule.min, rule.max, rule.unit);
  if (rule.kind === 'forceCharge' && rule.targetSoc) return formatRange(rule.targetSoc.min, rule.targetSoc.max, '%');
  return null;
}

/** A refused value's message, with the key's limits as the page writes numbers. */
export function problemText(t: TFunction, problem: string, rule: RcRule): string {
  const min = rule.min ?? rule.targetSoc?.min;
  const max = rule.max ?? rule.targetSoc?.max;
  return t(`problem.${problem}`, {
    min: min === undefined ? '' : formatNumber(min),
    max: max === undefined ? '' : formatNumber(max),
    unit: rule.unit ?? '%',
  });
}
