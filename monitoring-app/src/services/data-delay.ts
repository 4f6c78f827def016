// How late the plant's data is: the time since the gateway's newest report, judged by the same
// limits the rest of the console uses (stale after 60 s, offline after 5 minutes).
import { SHADOW_STALE_MS, type Shadow } from '@helio/shared-utils';

/** The alert engine's and the registry's offline limit (server/src/notifications/conditions.ts). */
export const GATEWAY_OFFLINE_MS = 5 * 60_000;

export type DelayLevel = 'live' | 'stale' | 'offline' | 'never';

/**
 * epoch ms of the newest reported value, or null when the gateway never reported. An object value
 * (the Helio gateway's PvStrings, Devices) has a timestamp per nested key, not one of its own.
 */
export function newestReport(shadow: Shadow | undefined): number | null {
  let newest: number | null = null;
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'timestamp' && typeof value === 'number') newest = newest === null ? value : Math.max(newest, value);
      else visit(value);
    }
  };
  visit(shadow?.metadata.reported);
  return newest;
}

export function delayLevel(lastReport: number | null, now: number, connected: boolean | null): DelayLevel {
  if (lastReport === null) return 'never';
  const delay = now - lastReport;
  if (delay > GATEWAY_OFFLINE_MS || connected === false) return 'offline';
  return delay > SHADOW_STALE_MS ? 'stale' : 'live';
}

/** A delay in the largest unit that keeps it readable: seconds, minutes, hours or days. */
export function delayParts(delayMs: number): { value: number; unit: 'second' | 'minute' | 'hour' | 'day' } {
  const seconds = Math.max(0, Math.round(delayMs / 1000));
  if (seconds < 120) return { value: seconds, unit: 'second' };
  if (seconds < 2 * 3600) return { value: Math.floor(seconds / 60), unit: 'minute' };
  if (seconds < 2 * 86_400) return { value: Math.floor(seconds / 3600), unit: 'hour' };
  return { value: Math.floor(seconds / 86_400), unit: 'day' };
}
