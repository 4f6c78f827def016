// The metric keys devices report (the contract's device protocol) and their units.
import { METRIC_KEYS } from '@helio/contracts';

export const KNOWN_METRIC_KEYS: ReadonlySet<string> = new Set(Object.values(METRIC_KEYS));

export const DEFAULT_METRIC_KEYS = ['ActPwrPve', 'OperMode'];

export function unitOf(metricKey: string): string | null {
  if (metricKey.startsWith('ActPwr') || metricKey === METRIC_KEYS.exportLimit) return 'W';
  if (metricKey === METRIC_KEYS.batterySoc) return '%';
  if (/^Energy\w*Total$/.test(metricKey)) return 'kWh';
  return null;
}
