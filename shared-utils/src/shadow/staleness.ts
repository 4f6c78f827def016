// Shadow data refreshes every 60 s and is stale after 60 s.
export const SHADOW_STALE_MS = 60000;

/** True once more than 60 s have passed since `timestamp` (epoch ms). */
export function isStale(timestamp: number, now = Date.now()): boolean {
  return now - timestamp > SHADOW_STALE_MS;
}

/** No polling on a developer's own machine; the live push still updates. */
export function isLocalHost(hostname = window.location.hostname): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '::1' || hostname === '[::1]';
}
