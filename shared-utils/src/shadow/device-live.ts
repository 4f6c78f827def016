// A device's live state: the reported shadow values of the keys the device record names (liveKeys),
// each with the time it was reported, so a page can mark a value older than 60 s as stale.
import type { Shadow } from '../api/endpoints';
import { isStale } from './staleness';

export interface DeviceLiveValue {
  key: string;
  /** null while the gateway has not reported the key (or reports something that is no plain value) */
  value: number | string | boolean | null;
  /** epoch ms of the report; null when never reported */
  reportedAt: number | null;
  stale: boolean;
}

function plainValue(value: unknown): number | string | boolean | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return typeof value === 'string' || typeof value === 'boolean' ? value : null;
}

export function deviceLiveValues(liveKeys: readonly string[], shadow: Shadow | undefined, now: number): DeviceLiveValue[] {
  return liveKeys.map((key) => {
    const value = shadow ? plainValue(shadow.state.reported[key]) : null;
    const reportedAt = value === null ? null : (shadow?.metadata.reported[key]?.timestamp ?? null);
    return { key, value, reportedAt, stale: reportedAt !== null && isStale(reportedAt, now) };
  });
}
