// The shadow's numbers the diagram and the EMS page show, with when each was reported.
import type { MetricKey, Shadow } from '@helio/shared-utils';

export interface Readings {
  /** signed numbers as the device reports them (W, BatSoc in %); absent until reported */
  values: Partial<Record<MetricKey, number>>;
  reportedAt: Partial<Record<MetricKey, number>>;
  operMode: string | null;
  /** the operating mode asked for and not yet reported by the device (shadow delta) */
  pendingOperMode: string | null;
}

const NUMERIC: readonly MetricKey[] = ['ActPwrPve', 'ActPwrGrid', 'ActPwrBat', 'BatSoc', 'ActPwrLoad', 'ActPwrEv'];

export function readingsOf(shadow: Shadow | undefined): Readings {
  const readings: Readings = { values: {}, reportedAt: {}, operMode: null, pendingOperMode: null };
  if (!shadow) return readings;
  for (const key of [...NUMERIC, 'OperMode' as const]) {
    const stamp = shadow.metadata.reported[key]?.timestamp;
    if (typeof stamp === 'number') readings.reportedAt[key] = stamp;
  }
  for (const key of NUMERIC) {
    const value = shadow.state.reported[key];
    if (typeof value === 'number' && Number.isFinite(value)) readings.values[key] = value;
  }
  const mode = shadow.state.reported.OperMode;
  readings.operMode = typeof mode === 'string' ? mode : null;
  const pending = shadow.state.delta.OperMode;
  readings.pendingOperMode = shadow.hasDelta && typeof pending === 'string' ? pending : null;
  return readings;
}

export function hasAnyReading(readings: Readings): boolean {
  return Object.keys(readings.values).length > 0;
}
